package dev.caravan.extract.clean;

import org.jsoup.nodes.Node;

/** Removes HTML comments, which a reader never sees. */
final class Comments implements CleaningRule {

    @Override
    public Take take(Visit v, Cleaning c) {
        return v.tag().equals("#comment") ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        for (Node comment : c.taken(this)) comment.remove();
    }
}
