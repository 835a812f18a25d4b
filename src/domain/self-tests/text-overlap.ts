// When may a text of one point stand as a wrong option for another? Actions, indications and
// needling cautions repeat across points in other words ("breathlessness" / "shortness of breath",
// "calms the spirit" / "calms the shen"), so a distractor must share no significant term with what
// the asked point says. The rule is deliberately conservative: rejecting a harmless distractor
// costs a little plausibility, accepting a near-synonym would make two answers right.
import type { BodyAreaId } from "../content/content-schema.ts"
import { BODY_AREA_IDS } from "../content/content-schema.ts"

/** Words that carry no clinical meaning of their own: grammar, degree, and the verbs of actions. */
const STOP_WORDS = new Set(
  `a an the and or nor of to in on at by for from with without into onto upon over under than as is are be been
   its it this that these those which who whom whose such both all any each every also especially particularly
   mainly mostly including include includes other others due after before during when while where there here
   very more most less least much many some few one two three four five six seven eight nine ten
   chronic acute severe mild sudden recurrent persistent frequent frequently repeated repeat long short
   disorder disorders problem problems condition conditions symptom symptoms sign signs patient patients
   pain painful pains ache aches aching sore soreness qi point points channel channels area region side sides
   upper lower left right whole general generally body part parts may can not but has have had was were
   use used uses using help helps helping treat treats treating treatment make makes made
   tonify tonifies tonifying clear clears clearing regulate regulates regulating benefit benefits benefiting
   expel expels expelling calm calms calming move moves moving promote promotes promoting resolve resolves
   resolving transform transforms transforming strengthen strengthens strengthening nourish nourishes
   nourishing activate activates activating open opens opening relax relaxes relaxing eliminate eliminates
   dispel dispels dispelling drain drains draining cool cools cooling warm warms warming harmonise harmonises
   harmonize harmonizes subdue subdues stop stops stopping relieve relieves relieving reduce reduces reducing
   descend descends descending raise raises raising lift lifts lifting firm firms restore restores revive
   revives support supports free frees unblock unblocks invigorate invigorates settle settles soothe soothes
   spread spreads disperse disperses course courses release releases releasing pacify pacifies extinguish
   extinguishes brighten brightens sharpen sharpens ease eases easing rectify rectifies consolidate
   consolidates secure secures astringe astringes gather gathers regulation alleviate alleviates alleviating
   along meridian meridians collateral collaterals local locally nearby surrounding joint joints sinew sinews
   tendon tendons muscle muscles limb limbs extremities luo vessel vessels
   needle needles needling needled insert inserted insertion inserting deep deeply deeper depth shallow
   superficial superficially angle angled perpendicular perpendicularly oblique obliquely transverse
   transversely stimulation stimulate strong strongly gentle gently withdraw withdrawal press avoid
   keep stay direction directed directly beneath below under above lies lie run runs close near thin thick
   fine quick quickly slowly careful carefully caution cautious risk risks here there point`.split(/\s+/),
)

/**
 * Words that mean the same thing clinically, gathered under one concept. Matched at the start of a
 * word, in order; the first match wins.
 */
const CONCEPTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(breast|mammar|lactat|nipple)/, "breast"],
  [/^(breath|dyspn|wheez|asthm|pant|respirat)/, "breathing"],
  [/^cough/, "cough"],
  [/^(phlegm|sputum|mucus|catarrh|expector)/, "phlegm"],
  [/^(heat|fever|febr|hot$|pyrex)/, "heat"],
  [/^(cold|chill|shiver)/, "cold"],
  [/^(sweat|perspir|hidro)/, "sweat"],
  [/^(nause|vomit|retch)/, "nausea"],
  [/^(belch|hiccup|eructat|burp)/, "belching"],
  [/^(diarr|loose|constip|stool|bowel|dysenter|borborygm|intestin|flatul)/, "bowel"],
  [/^(urin|bladder|enures|dysuri|micturi)/, "urine"],
  [/^(menstru|menses|period|dysmenor|amenor|uterin|uterus|leuc?orr|leukorr|metrorr|menorr)/, "menses"],
  [/^(throat|pharyn|laryn|voice|hoars|tonsil|aphon)/, "throat"],
  [/^(nose|nasal|rhinit|sneez|epistax|nosebleed|sinus)/, "nose"],
  [/^(eyes?$|eyelid|vision|visual|ocul|lacrimat|tearing|blurr|conjunctiv)/, "eye"],
  [/^(ears?$|tinnit|deaf|hearing)/, "ear"],
  [/^(tooth|teeth|gums?$|dental|toothache)/, "teeth"],
  [/^(head|migrain|vertex)/, "head"],
  [/^(dizz|vertig|lighthead|giddi)/, "dizziness"],
  [
    /^(spirit|shen$|mind|mental|anxi|agitat|restless|fright|fear|panic|mania|manic|emotion|depress|worry|irritab)/,
    "mind",
  ],
  [/^(insomn|sleep|dream|somnol)/, "sleep"],
  [/^(heart|cardi|palpitat)/, "heart"],
  [/^(lung|pulmon)/, "lung"],
  [/^(kidney|renal)/, "kidney"],
  [/^(liver|hepat)/, "liver"],
  [/^(spleen|splen)/, "spleen"],
  [/^(stomach|gastr|epigastr|digest|appetite)/, "stomach"],
  [/^(itch|rash|urtic|eczem|skin|prurit|hives)/, "skin"],
  [/^(numb|paralys|hemipleg|atroph|paresthes|tingl)/, "numbness"],
  [/^(swell|swollen|oedem|edema)/, "swelling"],
  [/^(mouth|lips?$|tongue|oral|saliv|drool)/, "mouth"],
  [/^(face|facial)/, "face"],
  [/^(chest|stern|thora|breastbone|precordi|retrostern)/, "chest"],
  [/^(flank|hypochond|ribs?$|costal|intercostal)/, "flank"],
  [/^(abdom|belly|umbilic|navel)/, "abdomen"],
  [/^(back$|spine|spinal|lumbar|loins?$|dorsal)/, "back"],
  [/^(legs?$|thighs?$|calf|calves|knees?$|shins?$)/, "leg"],
  [/^(arms?$|elbows?$|forearm)/, "arm"],
  [/^(hands?$|finger|palms?$|thumb|wrists?$)/, "hand"],
  [/^(foot|feet|toes?$|heels?$|soles?$|ankles?$)/, "foot"],
  [/^(full|distend|distens|distent|bloat|oppress|tight|stuff)/, "fullness"],
  [/^(spasm|cramp|contract|convuls|stiff|rigid|tetan|clonic|trism|tremor)/, "spasm"],
  [/^(weak|flaccid|limp)/, "numbness"],
  [/^(memory|forget|confus|concentrat)/, "mind"],
  [/^(hypertens|pressure)/, "blood-pressure"],
  [/^(conscious|unconscious|collaps|faint|syncop|coma$|comatose|shock|resuscit)/, "consciousness"],
]

/**
 * Terms so common across points that a text saying only these ("expels wind-damp", "calms the
 * spirit", "moves blood", "reduces swelling") could be claimed for almost any of them.
 */
const GENERIC_TERMS = new Set([
  "swelling",
  "spasm",
  "numbness",
  "fullness",
  "wind",
  "damp",
  "cold",
  "heat",
  "phlegm",
  "bloo",
  "mind",
  "yin",
  "yang",
])

/** Significant terms of a text: concept names and four-letter stems of the remaining words. */
export const textTerms = (text: string): ReadonlySet<string> => {
  const terms = new Set<string>()
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue
    const concept = CONCEPTS.find(([pattern]) => pattern.test(word))
    terms.add(concept ? concept[1] : singular(word).slice(0, 4))
  }
  return terms
}

/** "legs" and "leg" are one word; "sinus", "abscess" and "stasis" keep their s. */
const singular = (word: string) =>
  word.length > 3 && /[^su]s$/.test(word) && !word.endsWith("is") ? word.slice(0, -1) : word

/** Whether a text names something more specific than a symptom common to most points. */
export const isSpecific = (terms: ReadonlySet<string>): boolean => {
  for (const term of terms) if (!GENERIC_TERMS.has(term)) return true
  return false
}

/**
 * Concepts one organ system or region ties together: a text about the chest may be said of a Lung
 * point even when its own texts speak only of cough. One step only, so Heart and Lung texts stay
 * apart unless one of them names the chest.
 */
const RELATED: Readonly<Record<string, ReadonlyArray<string>>> = {
  lung: ["chest", "breathing", "cough", "phlegm", "nose", "throat"],
  breathing: ["chest", "lung", "cough"],
  cough: ["chest", "lung", "breathing", "phlegm"],
  heart: ["chest", "mind", "sleep"],
  chest: ["lung", "heart", "breathing", "cough", "breast"],
  stomach: ["nausea", "belching", "abdomen"],
  spleen: ["stomach", "bowel", "abdomen"],
  liver: ["flank", "eye"],
  kidney: ["back", "urine", "ear"],
  abdomen: ["stomach", "bowel", "menses", "urine"],
  bowel: ["abdomen"],
  menses: ["abdomen"],
  urine: ["abdomen"],
  mind: ["heart", "sleep", "consciousness"],
  consciousness: ["mind"],
  face: ["mouth", "nose", "eye", "teeth"],
}

const related = (term: string): ReadonlyArray<string> => RELATED[term] ?? []

/** Whether two term sets share a term, directly or through one related concept. */
export const termsShared = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => {
  for (const term of a) if (b.has(term) || related(term).some((r) => b.has(r))) return true
  for (const term of b) if (related(term).some((r) => a.has(r))) return true
  return false
}

/** Case, spacing and punctuation do not make two texts different. */
export const normalizeText = (text: string): string =>
  text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()

/**
 * Whether one text could be read as saying what the other says: equal once normalized, or sharing a
 * significant term. A text without significant terms cannot be compared and so conflicts with all.
 */
export const textsConflict = (a: string, b: string): boolean => {
  if (normalizeText(a) === normalizeText(b)) return true
  const ta = textTerms(a)
  const tb = textTerms(b)
  return ta.size === 0 || tb.size === 0 || termsShared(ta, tb)
}

const ALL_AREAS: ReadonlyArray<BodyAreaId> = BODY_AREA_IDS

/**
 * The body areas where a structure named in a needling caution lies (a risk zone). A caution that
 * names one of them is about needling there; on a point outside all of its zones it cannot apply.
 */
const RISK_ZONES: ReadonlyArray<readonly [RegExp, ReadonlyArray<BodyAreaId>]> = [
  [
    /\b(lungs?|pleura|pleural|pneumothorax|chest cavity|chest wall|thoracic|thorax|intercostal)\b/,
    ["chest", "upper-back", "flank-axilla", "shoulder", "neck"],
  ],
  [/\b(heart|pericardi\w*|cardiac)\b/, ["chest", "abdomen", "upper-back"]],
  [
    /\b(liver|spleen|kidneys?|renal|gall ?bladder|bowels?|intestin\w*|peritone\w*|abdominal|bladder|omentum|stomach|aorta|umbilic\w*|navel)\b/,
    ["abdomen", "flank-axilla", "chest", "upper-back", "lower-back-sacrum", "perineum"],
  ],
  [/\b(eyes?|eyeballs?|orbits?|orbital|optic|eyelids?|cornea|globe)\b/, ["head-face"]],
  [/\b(brain\w*|skull|fontanel\w*|medulla|dura|intracranial|cranial)\b/, ["head-face", "neck"]],
  [
    /\b(spinal|spine|cords?|vertebral canal|ligamentum flavum|cauda|epidural|dural|spinous|vertebrae?|paravertebral)\b/,
    ["neck", "upper-back", "lower-back-sacrum", "head-face", "perineum", "abdomen", "hip-thigh"],
  ],
  [
    /\b(carotid|jugular|thyroid|trachea|larynx|laryngeal|oesophag\w*|esophag\w*|vertebral arter\w*|throat|sternocleidomastoid|vagus)\b/,
    ["neck", "head-face", "chest"],
  ],
  [
    /\b(face|facial|temporal|parotid|nose|nasal|ears?|tympan\w*|mouth|oral|tongue|lips?|teeth|tooth|gums?|mandib\w*|jaw|cheeks?|scalp|temples?|forehead|eyebrows?|zygom\w*|supraorbital|infraorbital|mastoid|occipital|nostrils?|alae?)\b/,
    ["head-face", "neck"],
  ],
  [/\b(breasts?|nipples?|mammary)\b/, ["chest"]],
  [/\b(axilla|axillary|brachial plexus)\b/, ["flank-axilla", "shoulder", "upper-arm-elbow", "neck", "chest"]],
  [/\b(subclavian|supraclavicular|clavicle|clavicular)\b/, ["neck", "chest", "shoulder"]],
  [
    /\b(subacromial|acromion|shoulder|glenohumeral|rotator|scapulae?)\b/,
    ["shoulder", "upper-back", "upper-arm-elbow", "flank-axilla"],
  ],
  [
    /\b(radial|ulnar|median nerve|brachial|cubital|elbow|humerus|forearm|biceps|olecranon)\b/,
    ["upper-arm-elbow", "forearm-wrist", "hand"],
  ],
  [
    /\b(fingers?|fingertips?|palm|palmar|thumb|hands?|knuckles?|metacarp\w*|wrist|carpal|thenar)\b/,
    ["hand", "forearm-wrist"],
  ],
  [/\b(nails?|nail bed)\b/, ["hand", "ankle-foot"]],
  [
    /\b(femoral|sciatic|gluteal|buttocks?|hip|thigh|inguinal|groin|obturator)\b/,
    ["hip-thigh", "perineum", "abdomen", "lower-back-sacrum"],
  ],
  [
    /\b(popliteal|knee|patella|tibia|tibial|fibula|fibular|peroneal|calf|saphenous|sural|shin|gastrocnemius)\b/,
    ["knee-lower-leg", "ankle-foot", "hip-thigh"],
  ],
  [
    /\b(ankle|foot|feet|toes?|heel|sole|malleol\w*|achilles|calcane\w*|plantar|metatars\w*|dorsalis pedis)\b/,
    ["ankle-foot", "knee-lower-leg"],
  ],
  [
    /\b(genital\w*|scrot\w*|testic\w*|vagin\w*|anus|anal|rect\w*|perine\w*|pubic|pubis|coccyx|sacr\w*|urethr\w*|penis|intimate)\b/,
    ["perineum", "lower-back-sacrum", "abdomen", "hip-thigh"],
  ],
]

/** Cautions about the patient rather than the place (pregnancy, fainting): they may apply anywhere. */
const GENERAL_CAUTION = /\b(pregnan\w*|faint\w*|anticoagul\w*|labou?r|fetus|foetus|children|elderly)\b/

/**
 * The risk zones a caution is bound to. Empty when it names no place or speaks about the patient in
 * general, which means it may apply to any point and must never be used as a wrong option.
 */
export const cautionZones = (caution: string): ReadonlySet<BodyAreaId> => {
  const text = caution.toLowerCase()
  if (GENERAL_CAUTION.test(text)) return new Set()
  const zones = new Set<BodyAreaId>()
  for (const [pattern, areas] of RISK_ZONES) if (pattern.test(text)) for (const area of areas) zones.add(area)
  return zones.size === ALL_AREAS.length ? new Set() : zones
}
