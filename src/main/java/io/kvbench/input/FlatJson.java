package io.kvbench.input;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Wide records are grouped into small nested records that a reader can take in (no constructor with more positional
 * parameters than a reader counts), yet written and read as the flat JSON objects kvbench has always written: a
 * component marked {@code @JsonUnwrapped} contributes its fields to its parent's object. Jackson reads such objects but
 * no longer refuses fields it does not know in them (it hands every field to the unwrapped parts, which ignore what is
 * not theirs). This module restores the refusal for every type with unwrapped parts: a field that neither the type nor
 * any of its unwrapped parts declares is an {@link UnrecognizedPropertyException} naming it, as it is for every other
 * type read with FAIL_ON_UNKNOWN_PROPERTIES (Jackson's default).
 */
public final class FlatJson extends SimpleModule {

    public FlatJson() {
        super("kvbench-flat-json");
        setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription bean,
                                                          JsonDeserializer<?> deserializer) {
                if (!hasUnwrapped(config, bean)) return deserializer;
                return new Strict(deserializer, bean.getType(), knownFields(config, bean));
            }
        });
    }

    private static boolean hasUnwrapped(DeserializationConfig config, BeanDescription bean) {
        for (BeanPropertyDefinition property : bean.findProperties()) {
            if (unwrapped(config, property)) return true;
        }
        return false;
    }

    private static boolean unwrapped(DeserializationConfig config, BeanPropertyDefinition property) {
        for (AnnotatedMember member : members(property)) {
            if (config.getAnnotationIntrospector().findUnwrappingNameTransformer(member) != null) return true;
        }
        return false;
    }

    private static List<AnnotatedMember> members(BeanPropertyDefinition property) {
        List<AnnotatedMember> members = new ArrayList<>();
        if (property.getConstructorParameter() != null) members.add(property.getConstructorParameter());
        if (property.getField() != null) members.add(property.getField());
        if (property.getGetter() != null) members.add(property.getGetter());
        return members;
    }

    /** The field names of {@code bean}'s JSON object: its own properties and, recursively, its unwrapped parts'. */
    private static Set<String> knownFields(DeserializationConfig config, BeanDescription bean) {
        Set<String> names = new TreeSet<>();
        for (BeanPropertyDefinition property : bean.findProperties()) {
            if (unwrapped(config, property)) {
                names.addAll(knownFields(config, config.introspect(property.getPrimaryType())));
            } else if (property.couldDeserialize()) {
                names.add(property.getName());
            }
        }
        return names;
    }

    /** Refuses unknown fields, then lets Jackson's own deserializer read the object. */
    private static final class Strict extends DelegatingDeserializer {

        private final JavaType type;
        private final Set<String> known;

        Strict(JsonDeserializer<?> delegate, JavaType type, Set<String> known) {
            super(delegate);
            this.type = type;
            this.known = known;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
            return new Strict(delegate, type, known);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode tree = ctxt.readTree(p);
            if (tree.isObject()) {
                for (Iterator<String> names = tree.fieldNames(); names.hasNext(); ) {
                    String name = names.next();
                    if (!known.contains(name)) {
                        throw UnrecognizedPropertyException.from(p, type.getRawClass(), name,
                                List.<Object>copyOf((Collection<String>) known));
                    }
                }
            }
            JsonParser replay = tree.traverse(p.getCodec());
            replay.nextToken();
            return _delegatee.deserialize(replay, ctxt);
        }
    }
}
