//! The dice of each bundled language but English, derived from its word
//! list by [`super::derive`]. Written by
//! `BOGGLE_WRITE_DICE=1 cargo test --lib dict::bundled`, which the tests
//! check it against: not edited by hand.

use super::Lang;

/// The stored faces of `lang`'s 4×4 set, or 5×5 with `big`.
pub(super) fn faces(lang: Lang, big: bool) -> &'static [&'static str] {
    match (lang, big) {
        (Lang::Fr, false) => &FR_4X4,
        (Lang::Fr, true) => &FR_5X5,
        (Lang::Fi, false) => &FI_4X4,
        (Lang::Fi, true) => &FI_5X5,
        (Lang::De, false) => &DE_4X4,
        (Lang::De, true) => &DE_5X5,
        (Lang::Es, false) => &ES_4X4,
        (Lang::Es, true) => &ES_5X5,
        (Lang::It, false) => &IT_4X4,
        (Lang::It, true) => &IT_5X5,
        (Lang::Nl, false) => &NL_4X4,
        (Lang::Nl, true) => &NL_5X5,
        (Lang::Pt, false) => &PT_4X4,
        (Lang::Pt, true) => &PT_5X5,
        (Lang::Sv, false) => &SV_4X4,
        (Lang::Sv, true) => &SV_5X5,
        (Lang::Da, false) => &DA_4X4,
        (Lang::Da, true) => &DA_5X5,
        (Lang::Nb, false) => &NB_4X4,
        (Lang::Nb, true) => &NB_5X5,
        (Lang::Pl, false) => &PL_4X4,
        (Lang::Pl, true) => &PL_5X5,
        _ => &[],
    }
}

/// The name of `lang`'s dice set of a size.
pub(super) fn name(lang: Lang, big: bool) -> &'static str {
    match (lang, big) {
        (Lang::Fr, false) => "fr",
        (Lang::Fr, true) => "fr-big",
        (Lang::Fi, false) => "fi",
        (Lang::Fi, true) => "fi-big",
        (Lang::De, false) => "de",
        (Lang::De, true) => "de-big",
        (Lang::Es, false) => "es",
        (Lang::Es, true) => "es-big",
        (Lang::It, false) => "it",
        (Lang::It, true) => "it-big",
        (Lang::Nl, false) => "nl",
        (Lang::Nl, true) => "nl-big",
        (Lang::Pt, false) => "pt",
        (Lang::Pt, true) => "pt-big",
        (Lang::Sv, false) => "sv",
        (Lang::Sv, true) => "sv-big",
        (Lang::Da, false) => "da",
        (Lang::Da, true) => "da-big",
        (Lang::Nb, false) => "nb",
        (Lang::Nb, true) => "nb-big",
        (Lang::Pl, false) => "pl",
        (Lang::Pl, true) => "pl-big",
        _ => "",
    }
}

const FR_4X4: [&str; 16] = [
    "aeiops",
    "aeiops",
    "aelprt",
    "abelrt",
    "abelrt",
    "adelrt",
    "adertu",
    "aefrtu",
    "aefnru",
    "aegnru",
    "cegins",
    "cehins",
    "cein[qu]s",
    "eimosv",
    "eimosy",
    "aimosz",
];

const FR_5X5: [&str; 25] = [
    "aemors",
    "aemors",
    "aemost",
    "aeilmt",
    "aeilpt",
    "aeilpt",
    "aeilpt",
    "aeilpt",
    "abeilt",
    "abeilt",
    "abeitu",
    "aegitu",
    "aeginu",
    "aeginu",
    "aefinu",
    "efnrsu",
    "cehnrs",
    "cehnrs",
    "cenrsv",
    "cenrsv",
    "ceorsz",
    "deorsz",
    "deo[qu]rs",
    "adorsx",
    "adorsy",
];

const FI_4X4: [&str; 16] = [
    "aehins", "aehins", "aikmos", "aikmos", "aikmos", "aikopu", "akoptu", "akprtu", "alrtuy",
    "alrtuy", "alrtuy", "altuvä", "eiltvä", "deintä", "eijnsä", "ehinsö",
];

const FI_5X5: [&str; 25] = [
    "aiopsu", "aiopsu", "aiopsu", "aiopsu", "aeinps", "aehins", "aehins", "aehins", "aehins",
    "aeikmn", "aekmnt", "aekmrt", "aekmrt", "aklrtv", "aklrtv", "aklrtv", "aklrtv", "aklrty",
    "akltyä", "iltuyä", "iltuyä", "ijotuä", "ijotuä", "diosuä", "iosuäö",
];

const DE_4X4: [&str; 16] = [
    "adeegn", "adegrt", "abefrt", "abefrt", "beikrt", "ehikrt", "ehiort", "ehiort", "eimpst",
    "elmpst", "elmnsv", "elnsuw", "elnsuz", "elnsuä", "cegnsö", "acegnü",
];

const DE_5X5: [&str; 25] = [
    "aeegmr", "aceegr", "acegrt", "acegnt", "aefhnt", "aefhnt", "aefhnt", "aehknt", "ehiknt",
    "eikntu", "einotu", "einotu", "einotu", "einptu", "beipst", "beipst", "belrsw", "belrsw",
    "delrsz", "delrsz", "delrsä", "delrsä", "elmrsv", "egmrsö", "aegmrü",
];

const ES_4X4: [&str; 16] = [
    "aacmor", "acemor", "aceoru", "adeiru", "adeisu", "abdeis", "abdeis", "aegils", "aegils",
    "aelnps", "aelnps", "aefnst", "ahnort", "ajnort", "anortv", "acmorz",
];

const ES_5X5: [&str; 25] = [
    "aalmor", "aelmor", "aelmor", "aelmor", "aelopr", "aelopr", "aeilpr", "aceips", "aceisu",
    "aceisu", "aceisu", "aceisu", "abceis", "abdeis", "abdeis", "adefis", "adefns", "adegns",
    "adegns", "ahnrst", "ahnort", "anortv", "anortv", "ajnort", "anortz",
];

const IT_4X4: [&str; 16] = [
    "aeilpr", "aeilpr", "ailopt", "abilot", "abinot", "adinot", "adinot", "afinot", "afinot",
    "acegos", "acegrs", "acersu", "acersu", "eimrsv", "eimrsv", "eilmrz",
];

const IT_5X5: [&str; 25] = [
    "aeilmr", "adeilr", "adeilr", "adeilt", "adilot", "ailopt", "ainopt", "ainopt", "ainopt",
    "ainotu", "ainotu", "ainotu", "ainotu", "ainotv", "aciosv", "aceosv", "acersv", "acegrs",
    "acegrs", "acegrs", "abcers", "beimrs", "efimrs", "efilmr", "eilmrz",
];

const NL_4X4: [&str; 16] = [
    "aelprt", "adestu", "adestu", "adestu", "abdest", "abegos", "aefgos", "efgino", "ehikno",
    "ehikno", "eiknov", "eimnrv", "celmnr", "ejlmnr", "elprtw", "elprtz",
];

const NL_5X5: [&str; 25] = [
    "aelmrt", "aelmrt", "aelmrt", "ademst", "adestu", "adestu", "adestu", "adestu", "abdeos",
    "abdeos", "abegos", "cegnos", "cegino", "efgino", "efgino", "ehikno", "ehikno", "eijkno",
    "eijknr", "eiknrv", "elnprv", "elnprw", "elprtw", "elprtz", "elprtz",
];

const PT_4X4: [&str; 16] = [
    "adeilr", "adeiru", "aemosu", "aemosu", "abemos", "abemos", "aegnos", "aegnos", "aenops",
    "aenops", "acirtv", "acirtv", "acfirt", "achirt", "adijlr", "adilrz",
];

const PT_5X5: [&str; 25] = [
    "aceils", "aceils", "aceils", "aceisu", "acersu", "adeoru", "adeoru", "adeoru", "adegor",
    "adegor", "adegor", "aenopr", "aenopr", "aenopr", "aenorv", "aenorv", "ainorv", "abimst",
    "abimst", "afimst", "afimst", "ahimst", "aijmst", "ailmsx", "acilsz",
];

const SV_4X4: [&str; 16] = [
    "afinst", "ailpst", "aklpst", "aeklru", "aeklru", "aeklrv", "adeorv", "adeorä", "adeorä",
    "adeorö", "gmnrsö", "cgmnst", "ghmnst", "bgjnst", "binsty", "finstå",
];

const SV_5X5: [&str; 25] = [
    "adnstu", "adlstu", "abdlst", "abdlst", "ablost", "aeflor", "aeflor", "aeflor", "aelorv",
    "aeiorv", "aegirv", "aegirä", "aegirä", "aegirä", "aegirö", "eimrsö", "kmnrsö", "hkmnrs",
    "hkmnst", "knpsty", "knpsty", "knpstå", "knpstå", "cdnstu", "djnstu",
];

const DA_4X4: [&str; 16] = [
    "aeknsu", "abekns", "bdekns", "defkns", "defnos", "denops", "denops", "elostv", "eglrtv",
    "ceglrt", "eghlrt", "ejlmrt", "eimrty", "aeimrå", "airsuæ", "airsuø",
];

const DA_5X5: [&str; 25] = [
    "aeimrs", "aeinsu", "aenosu", "aenosu", "aenosu", "eflnos", "eflnos", "eflnos", "eglnps",
    "eglnps", "eglnps", "eglnsv", "eglstv", "dekrtv", "dehkrt", "dehkrt", "dekrty", "dekrty",
    "bdertæ", "bdertæ", "beirtø", "beirtø", "acimrs", "aijmrs", "aimrså",
];

const NB_4X4: [&str; 16] = [
    "abekns", "abekns", "aefkns", "aefkns", "delmns", "delmns", "delnps", "eglprt", "eglrtv",
    "eglrtv", "eiortø", "eiortø", "ehiort", "eijrtu", "aeiruy", "aknsuå",
];

const NB_5X5: [&str; 25] = [
    "aeknsu", "aeknsu", "aeknsu", "aeknsv", "aeknsv", "adensv", "delnsv", "bdelns", "bdelns",
    "bdelns", "efglnt", "efglrt", "efglrt", "eglprt", "eglprt", "eioprt", "ehiort", "ehiort",
    "eiorty", "eiorty", "eimrtå", "aeimrå", "aeimrø", "aekmsø", "ajknsu",
];

const PL_4X4: [&str; 16] = [
    "abekls", "aeglrs", "aeglru", "aejpru", "aejpru", "aepruą", "aimtyą", "aimtyę", "aimtyę",
    "imowył", "cinowł", "cfinow", "chknoz", "dknozó", "dkoszć", "bdkosż",
];

const PL_5X5: [&str; 25] = [
    "abiknp", "aginpr", "agiprs", "agiprs", "aijrst", "aijrst", "aijrst", "airstą", "aituyą",
    "aiuwyą", "aeuwyę", "aeuwyę", "aeuwyę", "aeuwył", "ceouzł", "cemozł", "cehmoz", "cehmoz",
    "cemozż", "dklmoż", "dfklmo", "dklnoó", "dklnoć", "bklnoń", "bknopś",
];
