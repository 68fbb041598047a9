"""Expands a Hunspell dictionary into the word list a Boggle player accepts.

Used by the dictionaries/build-XX.sh scripts (run with the PyPI package
`spylls` 0.1.7 installed). Prints one word a line, sorted by code point.

    python3 hunspell_words.py DIC_BASE --letters LETTERS [--fold] [--depth N]
        [--max-len N] [--max-words N] [--drop WORD ...]

Expansion: each stem, its suffixed forms (up to `--depth` levels of
suffixes, following the suffixes' continuation flags), and its prefixed
forms (with the suffixed forms when both sides allow cross products).
Prefixes that hold an apostrophe (French elisions: l', d', qu' ...) are
dropped, as are stems marked FORBIDDENWORD or ONLYINCOMPOUND, forms made
by an affix marked ONLYINCOMPOUND (German and Scandinavian dictionaries
make the parts of compounds so: deutschland-, zucker) and forms that need
another affix (NEEDAFFIX). Hunspell compounds (German, Dutch,
Swedish ...) are not generated: only the forms the dictionary lists.

The filters every language goes through, in this order:
  1. Proper nouns: a form with a capital letter anywhere is dropped. The
     sources write proper nouns (Paris, Berlin), abbreviations (EU, ABB)
     and roman numerals (XIV) with capitals, and unit symbols in their
     own case (kWh, MHz, hPa), so this one rule removes all four.
     With --noun-flags (German, which writes every noun with a capital),
     a stem written with a capital first letter and lower case after it
     is kept, lower-cased with its forms, when it carries one of the
     given affix flags (plural and diminutive endings: Haus/Tpmij,
     Straße/Nm): names take none of them (Berlin/Sm, Anna/S, Goethe/S,
     Paris/m) and stay out, with the few nouns that have no plural
     (Zucker/Smij).
  2. Abbreviations marked as such in the morphology (po:abr, po:symb,
     po:sigle), whatever their case.
  3. Non-letters: a form holding a dot, digit, hyphen, apostrophe, space
     or any other non-letter is dropped.
  4. Forms shorter than three letters (a Boggle word has three or more).
  5. With --fold (French, Spanish, Italian, Portuguese), accents are
     folded to their base letter (e -> e, n -> n, oe ligature -> oe).
  6. Letters: a form is kept only when every letter is one of LETTERS,
     the language's alphabet (this drops loanwords in foreign scripts).
  7. Acronyms written in lower case (dvd, ftp, bmw, and mhz, kwh from
     sources that fold unit symbols): a word with no vowel (a e i o u y,
     with or without a mark, and the language's own: ä ö å æ ø ą ę) is
     dropped. This costs a few interjections (brr, hmm, psst).
  8. Roman numerals written in lower case (xiv, ccclxxx): a word that is
     a well-formed roman numeral is dropped, but for the real words
     "mix", "dix" and "mil" (mil is not a numeral anyway).
  9. Known junk the rules above miss, given per language with --drop
     in its build script (lower-case acronyms with a vowel: nato, ufo,
     etc ...).
  10. Length: forms longer than --max-len letters (16 by default, the
     most a 4x4 board can spell without two-letter faces) are dropped.
  11. Size: when more than --max-words words remain (200,000 by default),
     the longest are dropped, a whole length at a time: the list keeps
     every word of up to L letters, L the largest length that keeps at
     most --max-words words. Inflected languages (Italian, Polish,
     Spanish ...) expand to millions of forms, most of them long; the
     binary bundles every list and must stay small, and a 4x4 board
     rarely holds words of ten letters or more.
"""

import argparse
import re
import sys
import unicodedata

from spylls.hunspell import Dictionary

VOWELS = set("aeiouyäöüåæøąęéèêëáàâíìîïóòôõúùûűőœ")
ROMAN = re.compile(r"^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
ROMAN_WORDS = {"mix", "dix", "mil"}
MARKED = {"abr", "symb", "sigle", "abbr", "abbreviation"}
ELISIONS = ("'", "\u2019")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dic_base")
    parser.add_argument("--letters", required=True)
    parser.add_argument("--fold", action="store_true")
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--max-len", type=int, default=16)
    parser.add_argument("--max-words", type=int, default=200_000)
    parser.add_argument("--noun-flags", default="")
    parser.add_argument("--drop", nargs="*", default=[])
    args = parser.parse_args()

    dictionary = Dictionary.from_files(args.dic_base)
    aff = dictionary.aff
    letters = set(args.letters)
    skip_flags = {f for f in (aff.FORBIDDENWORD, aff.ONLYINCOMPOUND) if f}

    def suffixed(stem, flags, depth):
        """Each form a suffix of `flags` makes of `stem`, and the forms the
        suffix's own continuation flags make of that, with the suffix used."""
        for flag in flags:
            for suffix in aff.SFX.get(flag, []):
                if stem.endswith(suffix.strip) and suffix.cond_regexp.search(stem):
                    root = stem[: len(stem) - len(suffix.strip)] if suffix.strip else stem
                    form = root + suffix.add
                    yield form, suffix
                    if depth < args.depth and suffix.flags:
                        for deeper, _ in suffixed(form, suffix.flags, depth + 1):
                            yield deeper, suffix

    def needs_affix(flags):
        return aff.NEEDAFFIX is not None and aff.NEEDAFFIX in flags

    def compound_only(flags):
        return bool(set(flags) & skip_flags)

    forms = set()
    for word in dictionary.dic.words:
        flags = word.flags
        if flags & skip_flags:
            continue
        if any(tag in MARKED for tag in word.data.get("po", [])):
            continue
        stem = word.stem
        noun = (
            stem[:1].isupper()
            and stem[1:] == stem[1:].lower()
            and bool(set(flags) & set(args.noun_flags))
        )
        word_forms = set()
        if not needs_affix(flags):
            word_forms.add(stem)
        with_suffix = list(suffixed(stem, flags, 1))
        word_forms.update(
            form
            for form, suffix in with_suffix
            if not needs_affix(suffix.flags) and not compound_only(suffix.flags)
        )
        for flag in flags:
            for prefix in aff.PFX.get(flag, []):
                if any(mark in prefix.add for mark in ELISIONS) or compound_only(prefix.flags):
                    continue
                if not (stem.startswith(prefix.strip) and prefix.cond_regexp.search(stem)):
                    continue
                word_forms.add(prefix.add + stem[len(prefix.strip):])
                if prefix.crossproduct:
                    word_forms.update(
                        prefix.add + form[len(prefix.strip):]
                        for form, suffix in with_suffix
                        if suffix.crossproduct and form.startswith(prefix.strip)
                    )
        if noun:
            word_forms = {form[:1].lower() + form[1:] for form in word_forms}
        forms.update(word_forms)

    def fold(word):
        word = word.replace("œ", "oe").replace("æ", "ae")
        decomposed = unicodedata.normalize("NFD", word)
        return "".join(c for c in decomposed if not unicodedata.combining(c))

    words = set()
    for form in forms:
        form = unicodedata.normalize("NFC", form)
        if form != form.lower():
            continue
        if not form.isalpha():
            continue
        if len(form) < 3:
            continue
        if args.fold:
            form = fold(form)
        if not set(form) <= letters:
            continue
        if not VOWELS & set(form):
            continue
        if ROMAN.match(form) and form not in ROMAN_WORDS:
            continue
        if form in args.drop:
            continue
        if len(form) > args.max_len:
            continue
        words.add(form)
    sys.stdout.write("".join(word + "\n" for word in sorted(capped(words, args.max_words))))


def capped(words, max_words):
    """The words of up to L letters, L the largest length that keeps at
    most `max_words` of them."""
    kept = set(words)
    while len(kept) > max_words:
        longest = max(len(word) for word in kept)
        kept = {word for word in kept if len(word) < longest}
    return kept


if __name__ == "__main__":
    main()
