package dev.gather.rhythm;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code {placeholder}} templates: the only templating a rhythm author sees. */
public final class Template {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");

    private Template() {}

    /** Every placeholder name used in {@code template}, in order of first use. */
    public static Set<String> placeholders(String template) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Fills known placeholders; an unknown one is left as written so a mistake stays visible. */
    public static String fill(String template, Map<String, ?> values) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + 64);
        while (m.find()) {
            Object v = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(v == null ? m.group() : String.valueOf(v)));
        }
        m.appendTail(out);
        return out.toString();
    }
}
