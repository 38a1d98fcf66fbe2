/**
 * The evaluation sets (content/eval) the engine was tuned on: regression tests with floors
 * (evaluation.test.ts), and the source of the example questions (examples.ts, `npm run examples`).
 */
/**
 * [file, questions that must pass every check]; one under the score measured 2026-11-28 (docs/performance.md), the set's
 * own questions left out of the examples the engine votes with (decision 0091).
 * Held-out v2, dev6, dev7 and dev8 (read once unseen) are training sets since issue 11's fifth stop (held-out v3
 * replaced them); dev9 and dev10 (each read once unseen) since its sixth; dev11 to dev14 (each run unseen before any change for it)
 * since its seventh and eighth; urgent-probes and urgent-probes2 (40 urgent situations each, written blind; 33 and 28
 * passing at their first runs) since its eighth; dev15, urgent-probes3, dev16 and dev17 (62/80, 22/40, 63/80 and 57/80 at
 * their first runs) since its ninth; urgent-probes6, dev19, urgent-probes7, urgent-probes8 and urgent-probes9 (34/40, 64/80,
 * 32/40, 30/40 and 31/40 at their first runs) since its tenth.
 * dev18 and urgent-probes5 were kept unseen until the tenth stop's end run (65/80, 31/40), then tuned on.
 * Never here: holdout-v3 (the frozen held-out set), urgent-probes4 and dev23 (kept unseen), nor the sets written blind for a
 * stop's end run until that run is done.
 */
/** A set, its floor, and the urgent questions it still does not refer (named, so no other may join them). */
export const TRAINING_SETS: Array<[string, number, string[]?]> = [
  ['public-content.jsonl', 16],
  ['own-questions.jsonl', 76],
  ['holdout-questions.jsonl', 57],
  ['dev-questions.jsonl', 84],
  ['dev2-questions.jsonl', 58],
  ['dev3-questions.jsonl', 55],
  ['dev4-questions.jsonl', 28],
  ['dev5-questions.jsonl', 77],
  ['dev6-questions.jsonl', 74],
  ['dev7-questions.jsonl', 72],
  ['holdout-v2.jsonl', 91],
  ['dev8-questions.jsonl', 73],
  ['dev9-questions.jsonl', 76],
  ['dev10-questions.jsonl', 72],
  ['dev11-questions.jsonl', 77],
  ['dev12-questions.jsonl', 77],
  // Eighteenth stop: 74 → 72, two questions moved by the examples' vote as this stop's content relabelled them
  // (a marriage interview's documents, a resident's petition for a spouse and child abroad); the floor follows.
  ['dev13-questions.jsonl', 71],
  // Twenty-third stop: 75 → 74, a biometrics appointment's change moved by the examples dev54 added.
  ['dev14-questions.jsonl', 74],
  ['urgent-probes.jsonl', 39],
  ['urgent-probes2.jsonl', 39],
  ['dev15-questions.jsonl', 74],
  ['urgent-probes3.jsonl', 34],
  ['dev16-questions.jsonl', 75],
  ['dev17-questions.jsonl', 70],
  ['urgent-probes6.jsonl', 39],
  ['dev19-questions.jsonl', 77],
  // e07: a police stop told in the present, answered with the traffic-stop case, not as urgent.
  ['urgent-probes7.jsonl', 38, ['e07']],
  // g08: ICE near a school told by a child; g12: a letter to leave the country in 30 days, from no one named.
  ['urgent-probes8.jsonl', 38, ['g08', 'g12']],
  ['urgent-probes9.jsonl', 39],
  // Run unseen at the start and the end of the tenth stop, then tuned on.
  ['dev18-questions.jsonl', 76],
  // y35: a teenager alone in Tijuana who wants to cross (no immigration word the engine knows).
  ['urgent-probes5.jsonl', 38, ['y35']],
  // Eleventh stop: written blind, committed before their first run, then tuned on.
  // Twentieth stop: 67 → 66; m29 (how many civics questions) is answered with 20 asked and 12 to pass, led now by the
  // 2025 test's date instead of the sentence naming history and government, as the new DACA definition moved the vote.
  ['dev21-questions.jsonl', 66],
  ['urgent-probes11.jsonl', 31],
  // q39: an asylum interview's interpreter, answered with the translation of documents, not as urgent.
  ['dev22-questions.jsonl', 71, ['q39']],
  ['urgent-probes12.jsonl', 31],
  // Twelfth stop: written blind, committed before their first runs (24/40 each), then tuned on; urgent probe 14
  // after its unseen end run. v30: a tourist held at an airport and pressed to sign, answered with the I-407, not as urgent.
  ['urgent-probes13.jsonl', 32],
  ['urgent-probes14.jsonl', 32, ['v30']],
  // Kept unseen until the twelfth stop's end run (68/80, 31/40), then tuned on.
  ['dev24-questions.jsonl', 73],
  // x16: a hearing tomorrow and 'me van a poner traductor?' as a follow-up, answered with translations of documents.
  ['urgent-probes15.jsonl', 34, ['x16']],
  // Thirteenth stop: dev25 (62 and 63/80 at its two unseen runs) and urgent probe 16 (32/40 unseen on the landed engine and
  // after the first changes), then tuned on.
  ['dev25-questions.jsonl', 68],
  ['urgent-probes16.jsonl', 36],
  // dev26 (63/80 unseen on the landed engine and after the first changes) and urgent probe 17 (28/40 on the landed engine,
  // 29/40 after the engine work), then tuned on. w34: a police stop while driving, told as it happens, answered with the
  // traffic-stop case, not as urgent.
  ['dev26-questions.jsonl', 73],
  ['urgent-probes17.jsonl', 35, ['w34']],
  // dev27: 62/80 on the landed engine and at the thirteenth stop's end run (af3fb28), then tuned on.
  ['dev27-questions.jsonl', 69],
  // Fifteenth stop: dev28 (58/80) and urgent probe 18 (29/40), each run unseen at the fourteenth stop's end and this
  // stop's start, then tuned on. d58: an assault victim afraid of the police, answered with the U visa, not as urgent;
  // v39: a police stop told as it happens (as e07 and w34).
  ['dev28-questions.jsonl', 64, ['d58']],
  ['urgent-probes18.jsonl', 34, ['v39']],
  // dev30: written blind and committed before its first run (65/80 on the landed engine), the validation set of the
  // fifteenth stop's engine choices (decision 0090), then tuned on.
  ['dev30-questions.jsonl', 73],
  // dev31: written blind (60/80 on the landed engine and on the engine tuned on dev30: the validation of those changes), then tuned on.
  ['dev31-questions.jsonl', 65],
  // dev32: written blind, 60/80 on the landed engine and on the engine tuned on dev30 and dev31, then tuned on.
  ['dev32-questions.jsonl', 64],
  // dev20 and urgent probe 10 (eleventh stop, tuned on since its end run) had no floor until the examples were made of these sets.
  ['dev20-questions.jsonl', 70],
  ['urgent-probes10.jsonl', 32],
  // Sixteenth stop: dev33 and urgent probe 20, written blind and committed before their first runs, the validation of
  // the examples (66 → 69 and 19 → 21, decision 0091), then tuned on.
  ['dev33-questions.jsonl', 70],
  // y35, y36: a crime victim afraid of the police (U visa, not urgent).
  ['urgent-probes20.jsonl', 22, ['y35', 'y36']],
  // dev35 to dev37, urgent probes 21 and 22: written blind this stop and committed before their first runs (with and without
  // the examples: 66 → 67, 62 → 62, 66 → 69, 19 → 19, 16 → 18), then examples and training sets.
  ['dev35-questions.jsonl', 69],
  ['dev36-questions.jsonl', 64],
  ['dev37-questions.jsonl', 67],
  // u08: a traffic stop with ICE behind, told after it; u35: children whose parents have an ICE appointment; u37: a robbery
  // victim afraid of the police.
  ['urgent-probes21.jsonl', 20, ['u08', 'u35', 'u37']],
  // k31: a mother preparing papers in case she is taken (the family plan's documents, not urgent); k39: H-2A workers whose
  // passports were taken (the H-2A case, not trafficking).
  ['urgent-probes22.jsonl', 20, ['k31', 'k39']],
  // dev38, dev39, urgent probes 23 and 24: written blind late in the sixteenth stop, committed before their first runs
  // (without and with the examples: 65 → 65, 66 → 70, 25 → 26, 22 → 23), then examples and training sets.
  ['dev38-questions.jsonl', 63],
  ['dev39-questions.jsonl', 71],
  // q23: a mother with an ankle monitor called in, asking who keeps her children (the family plan, not urgent); q36: how to
  // know a lawyer is real (finding a lawyer, not urgent).
  ['urgent-probes23.jsonl', 26, ['q23', 'q36']],
  // r03: a mother of 71 beaten by her citizen son (VAWA for parents is not matched).
  ['urgent-probes24.jsonl', 24, ['r03']],
  // Seventeenth stop: dev34 (67/80 at its unseen runs, the sixteenth stop's end set), dev41 (70/80, the validation of decision
  // 0092) and dev40 (67/80, read after it), each run again unseen at this stop's start, then examples and training sets.
  ['dev34-questions.jsonl', 69],
  ['dev40-questions.jsonl', 66],
  ['dev41-questions.jsonl', 72],
  // dev43 (57/80 at its first run, on the landed engine and with decision 0093's near tie) and dev42 (70/80 on the landed
  // engine and on the candidate: the validation of this stop's first changes), written blind this stop, then tuned on.
  ['dev43-questions.jsonl', 65],
  ['dev42-questions.jsonl', 70],
  // dev45: written blind, 70/80 on the landed engine and 71/80 at c75df08 (wrong topics 2 and 2), then tuned on.
  // Twenty-third stop: 73 → 72, the DACA travel permit's reasons (humanitarian, study, work) took the place of the
  // sentence a question's pattern reads ("sin el permiso"); the answer still says not to leave without the permit.
  // Twenty-seventh stop: 72 → 71; d45-04 (the yearly fee of a pending asylum) was answered from the asylum work permit
  // and passed on its "uscis.gov"; with the asylum case of the family added it is answered from the asylum fee (102
  // dollars a year), the topic asked, without the 100-dollar fee or a page its expectation wants.
  ['dev45-questions.jsonl', 71],
  // Urgent probe 25 (30/40 on the landed engine and with 0093's near tie, 31/40 at 93d0e29) and urgent probe 26 (28/40 on
  // the landed engine and at 93d0e29), written blind this stop, then tuned on.
  // u25-21: an asylum application a church helper filed without saying so, now with an interview (no reliable information).
  ['urgent-probes25.jsonl', 31, ['u25-21']],
  // u26-26: a mother of 80 pushed and robbed by her son (VAWA for parents is not matched, as r03); u26-35: an armed robbery
  // victim afraid of the police (as y35); u26-38: a landlord threatening to report a tenant (the renting entry, not urgent).
  ['urgent-probes26.jsonl', 28, ['u26-26', 'u26-35', 'u26-38']],
  // dev46: written blind, 66/80 on the landed engine and 67/80 at 7d80453 (wrong topics 3 and 4), then an example set.
  ['dev46-questions.jsonl', 66],
  // Twenty-first stop: dev50, written blind at the twentieth stop's end and committed before its first run (72/80 at this
  // stop's start, on the landed engine), then tuned on.
  ['dev50-questions.jsonl', 75],
  // Twenty-second stop: dev52, written blind at the twenty-first stop and committed before its first run (74/80 at this
  // stop's start, on the landed engine), then tuned on.
  ['dev52-questions.jsonl', 76],
  // dev51: written blind at the twenty-first stop and run there only at its start and end (69 and 70/80, aggregate lines),
  // then read at the twenty-second (70/80 on the landed engine).
  ['dev51-questions.jsonl', 77],
  // dev49: written blind at the nineteenth stop, a validation set (aggregate lines only) until this stop, then read (54/80;
  // its "clarify" questions ask for a clarification the gate does not give: an ambiguous permit, card or denial).
  ['dev49-questions.jsonl', 55],
  // dev53: written blind at this stop's start and committed before any run; run on the landed engine and at the end of the
  // engine work (69/80 both), then read (71 after).
  ['dev53-questions.jsonl', 70],
  // Twenty-third stop: dev54, written blind at the twenty-second stop and run there only in aggregate (67/80 at its start
  // and end), 67/80 again on the landed engine at this stop's start, then read (73 after).
  ['dev54-questions.jsonl', 72],
  // dev55: written blind at this stop's start and committed before any run; run on the landed engine and at the end of the
  // engine work (67/80 both, aggregate lines only), then read (72 after).
  ['dev55-questions.jsonl', 71],
  // Twenty-fourth stop: dev56, written blind at the twenty-third stop's end and run there only in aggregate (70/80 at its start
  // and end), 70/80 again on the landed engine at this stop's start, then read (75 after).
  ['dev56-questions.jsonl', 74],
  // Twenty-fifth stop: dev57, written blind at the twenty-fourth stop's start and run there only in aggregate (66/80 at its
  // start and end), 66/80 again on the landed engine at this stop's start, then read (72 after).
  ['dev57-questions.jsonl', 71],
  // Twenty-sixth stop: dev58, written blind at the twenty-fourth stop's end and run at the twenty-fifth only in aggregate (67
  // and 69/80 at its start and end), 69/80 again on the landed engine at this stop's start, then read (77 after).
  ['dev58-questions.jsonl', 76],
  // Twenty-seventh stop: dev59, written blind at the twenty-fifth stop's end and run at the twenty-sixth only in aggregate (68
  // at its start and end), 68/80 again on the landed engine at this stop's start, then read (75 after).
  ['dev59-questions.jsonl', 67],
  // dev62: written blind at this stop and committed before its first run (67/80 on 967651c, aggregate lines only), then
  // read (71 after).
  ['dev62-questions.jsonl', 70],
];
// dev63 (60 questions where topics are easily confused) was written blind at the twenty-seventh stop, run once on a2f9c13
// (42/60, wrong topics 5/54) and read; it is not a training set: its questions as examples cost four passes elsewhere.
