#!/usr/bin/env python3
"""Fits the ranking's weights (dev.caravan.rank.RelevanceModel) from measured features.

  fit_ranking.py TUNE.jsonl [CHECK.jsonl] [--l2 L2 ...] [--floor F] [--floors F ...]

TUNE.jsonl and CHECK.jsonl are written by dev.caravan.bench.RankingFeatures (bench/fit-ranking.sh): a header line with
the feature names, then one line per query with every candidate's features (lexical-only, and with the model when it
read the candidate) and whether it is the answer.

The fit is listwise logistic regression: for each query, a softmax over its candidates' scores, maximising the
probability of its answer passages, with an L2 penalty. Features are standardised for the fit; the weights printed
are for the raw features, ready for RelevanceModel. The regularisation is chosen by five-fold cross-validation over
the tune questions (three shuffles). The figure printed per setting is the share of queries whose answer is among the
first five picks, picked as the ranking picks (relevance floor, one finding per text, at most five per page): a guide
to bench/research.sh, which measures the real reports. CHECK.jsonl, when given, is only scored, never fitted.

--floor sets the relevance floor the picks are made under with the model (default 0.35, all-MiniLM-L6-v2's); another
model's cosines have their own scale. --floors F ... prints the estimated answer@5 on tune (and check) of the fitted
weights under each floor: RelevanceModel's floor for a model is the highest at which tune's estimate is still its best.

Needs numpy.
"""
import argparse
import json
import random

import numpy as np

FLOOR_MODEL, FLOOR_LEXICAL = 0.35, 0.25  # research.report.min-relevance and min-relevance-lexical
MAX_FINDINGS, MAX_PER_PAGE, K = 8, 5, 5


def load(path, mode):
    with open(path) as f:
        names = json.loads(f.readline())
        queries = []
        for line in f:
            q = json.loads(line)
            rows = []
            for c in q["candidates"]:
                x = c.get("model") if mode == "model" else c["lexical"]
                if x is None:
                    continue
                rows.append((c, x))
            queries.append((q, [c for c, _ in rows], np.array([x for _, x in rows], dtype=float).reshape(len(rows), len(names))))
    return names, queries


def relevance(cands, mode):
    """What the relevance floor is compared with: query coverage, or the higher of it and the model's cosine."""
    cov = np.array([c["coverage"] for c in cands])
    if mode == "lexical":
        return cov
    return np.maximum(cov, np.maximum(0, np.array([c["cosine"] for c in cands])))


def answered(names, query, cands, x, w, mode):
    """Whether the answer is among the first K picks, picked as PassageRanker.pick does (without its cosine merge)."""
    if not cands:
        return False
    rel = relevance(cands, mode)
    floor = FLOOR_MODEL if mode == "model" else FLOOR_LEXICAL
    score = x @ w
    order = sorted((i for i in range(len(cands)) if rel[i] >= floor and rel[i] > 0),
                   key=lambda i: (-score[i], cands[i]["page"], cands[i]["position"]))
    chosen, per_page = [], {}
    for i in order:
        c = cands[i]
        if any(o["page"] == c["page"] and (o["text"] in c["text"] or c["text"] in o["text"]) for o in chosen):
            continue
        if len(chosen) >= MAX_FINDINGS or per_page.get(c["page"], 0) >= MAX_PER_PAGE:
            continue
        chosen.append(c)
        per_page[c["page"]] = per_page.get(c["page"], 0) + 1
    return any(c["answer"] for c in chosen[:K])


def loss(w, data, l2):
    """The listwise loss (mean over queries) and its gradient."""
    total, g = 0.0, np.zeros_like(w)
    for z, y in data:
        s = z @ w
        top = s.max()
        e = np.exp(s - top)
        p = e / e.sum()
        total += np.log(e.sum()) - np.log((e * y).sum())
        g += z.T @ (p - p * y / (p * y).sum())
    return total / len(data) + l2 * (w @ w) / 2 / len(data), g / len(data) + l2 * w / len(data)


def fit(queries, l2, iterations=3000, rate=0.05, drop=()):
    """Raw-feature weights; features named in drop (their indexes) weigh 0."""
    xs = np.vstack([x for _, _, x in queries if len(x)])
    mu, sd = xs.mean(0), xs.std(0)
    sd[sd == 0] = 1
    keep = np.ones(xs.shape[1])
    keep[list(drop)] = 0
    data = []
    for _, cands, x in queries:
        y = np.array([c["answer"] for c in cands], dtype=float)
        if y.sum() > 0:
            data.append(((x - mu) / sd * keep, y))
    w = np.zeros(xs.shape[1])
    try:  # scipy's L-BFGS when it is there (fast); else Adam below (the same optimum, slower)
        from scipy.optimize import minimize
        return minimize(loss, w, args=(data, l2), jac=True, method="L-BFGS-B").x * keep / sd
    except ImportError:
        pass
    m, v = np.zeros_like(w), np.zeros_like(w)  # Adam, deterministic full batch
    for t in range(1, iterations + 1):
        g = loss(w, data, l2)[1]
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return w * keep / sd  # weights of the raw features


def share(names, queries, w, mode):
    return sum(answered(names, q, c, x, w, mode) for q, c, x in queries) / len(queries)


def cross_validated(names, queries, l2, mode, folds=5, shuffles=(1, 2, 3), drop=()):
    total = 0
    for seed in shuffles:
        order = list(range(len(queries)))
        random.Random(seed).shuffle(order)
        for k in range(folds):
            held = set(order[k::folds])
            w = fit([queries[i] for i in order if i not in held], l2, drop=drop)
            total += sum(answered(names, *queries[i], w, mode) for i in held)
    return total / len(queries) / len(shuffles)


def main():
    global FLOOR_MODEL
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tune")
    ap.add_argument("check", nargs="?")
    ap.add_argument("--l2", type=float, nargs="+", default=[1, 3, 10, 30])
    ap.add_argument("--ablate", action="store_true",
                    help="also refit without each feature in turn and print what each one is worth")
    ap.add_argument("--floor", type=float, default=FLOOR_MODEL,
                    help="the relevance floor with the model (default %(default)s, all-MiniLM-L6-v2's)")
    ap.add_argument("--floors", type=float, nargs="+", default=[],
                    help="print the estimated answer@5 of the fitted model weights under each of these floors")
    a = ap.parse_args()
    FLOOR_MODEL = a.floor
    for mode in ("lexical", "model"):
        names, tune = load(a.tune, mode)
        check = load(a.check, mode)[1] if a.check else None
        if mode == "model" and not any(len(x) for _, _, x in tune):
            print("model: no candidate was read by the model (lexical-only measurements)")
            continue
        best = None
        for l2 in a.l2:
            cv = cross_validated(names, tune, l2, mode)
            print(f"{mode}: l2 {l2:g}: answer@{K} tune (5-fold cross-validated) {cv:.3f}")
            if best is None or cv > best[0]:
                best = (cv, l2)
        w = fit(tune, best[1])
        line = f"{mode}: l2 {best[1]:g} fitted on all of tune: tune {share(names, tune, w, mode):.3f}"
        if check:
            line += f", check {share(names, check, w, mode):.3f}"
        print(line)
        for n, v in zip(names, w):
            print(f"    {n:20s} {v:+.4f}")
        if mode == "model" and a.floors:
            chosen = a.floor
            for floor in a.floors:
                FLOOR_MODEL = floor
                line = f"{mode}: floor {floor:g}: tune {share(names, tune, w, mode):.3f}"
                if check:
                    line += f", check {share(names, check, w, mode):.3f}"
                print(line)
            FLOOR_MODEL = a.floor
        if a.ablate:
            for j, n in enumerate(names):
                if not w[j]:
                    continue
                cv = cross_validated(names, tune, best[1], mode, drop=(j,))
                wj = fit(tune, best[1], drop=(j,))
                line = f"{mode}: without {n:20s} tune (cross-validated) {cv:.3f} (all: {best[0]:.3f})"
                if check:
                    line += f"; check {share(names, check, wj, mode):.3f} (all: {share(names, check, w, mode):.3f})"
                print(line)


if __name__ == "__main__":
    main()
