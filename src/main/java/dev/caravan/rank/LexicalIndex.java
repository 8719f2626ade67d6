package dev.caravan.rank;

import dev.caravan.model.Passage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;

/**
 * BM25 over a handful of passages, in memory: Lucene indexes them (one document each) and scores a query against all
 * of them. Besides the BM25 score it gives each passage's query coverage: the share of the query's IDF weight that
 * the passage contains, 0 to 1, which unlike BM25 means the same thing whatever else is in the index. Built per
 * ranking; not shared.
 */
final class LexicalIndex {

    private static final Bm25 SIMILARITY = new Bm25();
    /**
     * The heading a passage sits under and its context (a table's header row, the lead-in of a list or code), matched
     * at a fraction of the passage's own words' weight.
     */
    private static final String HEADING = "heading";

    private static final float HEADING_BOOST = 0.3f;

    private final double[] bm25;
    private final double[] coverage;
    private final Map<String, Double> idf;

    private LexicalIndex(double[] bm25, double[] coverage, Map<String, Double> idf) {
        this.bm25 = bm25;
        this.coverage = coverage;
        this.idf = idf;
    }

    /**
     * Indexes {@code texts} and scores them against the analysed {@code queryTerms}; coverage is computed when the
     * passages' own analysed terms are given ({@code textTerms}, else null).
     */
    static LexicalIndex score(List<Passage> texts, Set<String> queryTerms, List<Set<String>> textTerms) {
        double[] bm25 = new double[texts.size()];
        double[] coverage = new double[texts.size()];
        if (texts.isEmpty() || queryTerms.isEmpty()) return new LexicalIndex(bm25, coverage, Map.of());
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
            // one segment, documents in insertion order: document id i is texts.get(i)
            IndexWriterConfig config = new IndexWriterConfig(Analysis.ANALYZER)
                    .setSimilarity(SIMILARITY)
                    .setMergePolicy(NoMergePolicy.INSTANCE)
                    .setRAMBufferSizeMB(256)
                    .setMaxBufferedDocs(IndexWriterConfig.DISABLE_AUTO_FLUSH);
            try (IndexWriter writer = new IndexWriter(dir, config)) {
                for (Passage p : texts) {
                    Document doc = new Document();
                    doc.add(new TextField(Analysis.FIELD, Analysis.lexicalText(p), Field.Store.NO));
                    String around = p.context().isEmpty() || p.context().equals(p.heading())
                            ? p.heading()
                            : startsWithLine(p.context(), p.heading()) // a code line's heading, then its block
                                    ? p.context()
                                    : (p.heading() + "\n" + p.context()).strip();
                    if (!around.isEmpty()) doc.add(new TextField(HEADING, around, Field.Store.NO));
                    writer.addDocument(doc);
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                if (reader.leaves().size() != 1) throw new IllegalStateException("expected one segment");
                IndexSearcher searcher = new IndexSearcher(reader);
                searcher.setSimilarity(SIMILARITY);
                BooleanQuery.Builder query = new BooleanQuery.Builder();
                for (String t : queryTerms) {
                    query.add(new TermQuery(new Term(Analysis.FIELD, t)), BooleanClause.Occur.SHOULD);
                    query.add(
                            new BoostQuery(new TermQuery(new Term(HEADING, t)), HEADING_BOOST),
                            BooleanClause.Occur.SHOULD);
                }
                for (ScoreDoc hit : searcher.search(query.build(), texts.size()).scoreDocs) bm25[hit.doc] = hit.score;
                if (textTerms == null) return new LexicalIndex(bm25, coverage, Map.of());
                CollectionStatistics stats = new CollectionStatistics(
                        Analysis.FIELD,
                        reader.maxDoc(),
                        reader.maxDoc(),
                        Math.max(1, reader.getSumTotalTermFreq(Analysis.FIELD)),
                        Math.max(1, reader.getSumDocFreq(Analysis.FIELD)));
                Map<String, Double> idf = new HashMap<>();
                for (String t : queryTerms) {
                    Term term = new Term(Analysis.FIELD, t);
                    idf.put(t, SIMILARITY.idf(stats, reader.docFreq(term), reader.totalTermFreq(term)));
                }
                double total =
                        idf.values().stream().mapToDouble(Double::doubleValue).sum();
                for (int i = 0; i < texts.size(); i++) {
                    double have = 0;
                    for (String t : queryTerms) if (textTerms.get(i).contains(t)) have += idf.get(t);
                    coverage[i] = have / total;
                }
                return new LexicalIndex(bm25, coverage, idf);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("in-memory index failed", e);
        }
    }

    double bm25(int i) {
        return bm25[i];
    }

    double coverage(int i) {
        return coverage[i];
    }

    /** The query coverage of a set of analysed terms (a whole page's, say), weighed as {@link #coverage} is. */
    double coverage(Set<String> terms) {
        double total = 0;
        double have = 0;
        for (Map.Entry<String, Double> term : idf.entrySet()) {
            total += term.getValue();
            if (terms.contains(term.getKey())) have += term.getValue();
        }
        return total == 0 ? 0 : have / total;
    }

    /** Whether {@code text} opens with the line {@code first}, a line break after it (no copy made, for every passage). */
    private static boolean startsWithLine(String text, String first) {
        return text.length() > first.length() && text.startsWith(first) && text.charAt(first.length()) == '\n';
    }

    /** Lucene's BM25 with its own IDF formula opened up, so coverage weighs terms exactly as the ranking does. */
    private static final class Bm25 extends BM25Similarity {
        /** A term no passage has counts as rare as the rarest one that some passage has. */
        double idf(CollectionStatistics stats, long docFreq, long totalTermFreq) {
            TermStatistics term =
                    new TermStatistics(new BytesRef("term"), Math.max(1, docFreq), Math.max(1, totalTermFreq));
            return idfExplain(stats, term).getValue().doubleValue();
        }
    }
}
