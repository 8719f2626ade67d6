package dev.caravan.testing;

import dev.caravan.rank.SentenceEncoder;
import java.util.List;
import java.util.Locale;

/**
 * A stand-in sentence-embedding model for tests that must not load the real one: bag-of-words vectors, so texts
 * sharing most of their words are close and texts sharing none are orthogonal. Words of one or two letters are left
 * out.
 */
public final class WordVectors implements SentenceEncoder {

    @Override
    public float[][] encode(List<String> texts) {
        float[][] v = new float[texts.size()][];
        for (int i = 0; i < texts.size(); i++) {
            float[] x = new float[512];
            for (String w : texts.get(i).toLowerCase(Locale.ROOT).split("\\W+")) {
                if (w.length() > 2) x[Math.floorMod(w.hashCode(), 512)] += 1;
            }
            double n = 0;
            for (float f : x) n += f * f;
            for (int k = 0; k < x.length; k++) x[k] = (float) (x[k] / Math.max(1e-9, Math.sqrt(n)));
            v[i] = x;
        }
        return v;
    }
}
