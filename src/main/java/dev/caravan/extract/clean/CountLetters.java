package dev.caravan.extract.clean;

/**
 * Not a removal: counts the letters of every element of the root as it is at this point in the list, for the rules
 * after it ({@link Cleaning#counts()}). Those rules judge by the same snapshot, so what one of them removes does not
 * change what the next weighs against.
 */
final class CountLetters implements CleaningRule {

    @Override
    public void apply(Cleaning c) {
        c.countLetters();
    }
}
