package dev.caravan.report;

import dev.caravan.model.Query;
import dev.caravan.web.Urls;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** File names for reports and evicted pages: readable, stable across runs, and unique within a job. */
public final class ReportNames {

    private static final int MAX_SLUG = 60;

    private ReportNames() {}

    /** The slug of each query of a job, in order; a repeated slug gets {@code -2}, {@code -3}, ... */
    public static List<String> slugs(List<Query> queries) {
        List<String> slugs = new ArrayList<>(queries.size());
        Set<String> used = new HashSet<>();
        for (Query q : queries) {
            String base = slug(q.searches() ? q.text() : "pages " + hostsOf(q.urls()));
            String slug = base;
            for (int i = 2; !used.add(slug); i++) slug = base + "-" + i;
            slugs.add(slug);
        }
        return slugs;
    }

    public static String slug(String text) {
        String ascii = Normalizer.normalize(text, Normalizer.Form.NFKD).replaceAll("\\p{M}", "");
        String slug =
                ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (slug.length() > MAX_SLUG) {
            slug = slug.substring(0, MAX_SLUG);
            int dash = slug.lastIndexOf('-');
            if (dash > MAX_SLUG / 2) slug = slug.substring(0, dash);
            slug = slug.replaceAll("-+$", "");
        }
        return slug.isEmpty() ? "query" : slug;
    }

    private static String hostsOf(List<String> urls) {
        List<String> hosts = new ArrayList<>();
        for (String url : urls) {
            // no user:password@ in a file name: only the host names the report
            Urls.host(url).filter(host -> !hosts.contains(host)).ifPresent(hosts::add);
        }
        return String.join(" ", hosts);
    }
}
