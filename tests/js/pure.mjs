// The pure modules of web/: the one list of them (docs/testing.md, "The JS unit tier").
//
// A pure module touches nothing of the page when it is imported (no document, window,
// storage, location, navigator or history: purity.test.mjs imports each one where those are
// traps), and what it holds is logic the JS tier tests without a browser: every listed module
// is imported by a test file of tests/js/ (purity.test.mjs checks that too). Where a listed
// module also has a function that needs the page, the note says which and where it is tested.
// A module of web/ that looks pure (it names none of the page's globals and imports only
// listed modules) must be listed, or named in NOT_PURE with the reason.

/** Paths under web/, with what the tier tests of each. */
export const PURE = {
  "langs.js": "the UI's languages and the pick of one (boot.js, i18n.js)",
  "i18n.js": "strings, placeholders, plural forms, numbers; the catalog given by useCatalog (setLang fetches: browser)",
  "games.js": "the shell's list of games",
  "card-faces.js": "card texts, names, articles and faces' markup (installDefs draws into the page: browser)",
  "engine-text.js": "the engine's refusals and notes in words",
  "assist/labels.js": "actions and values in words (the review, the hint)",
  "links.js": "deal and challenge links: made, read, refused (appBase reads location: browser)",
  "figures.js": "the statistics' figures of a match, and their totals",
  "chart-draw.js": "the statistics chart's bars and words",
  "table/perspective.js": "seats and sides as the person sees them",
  "table/source.js": "the table-source interface and its defaults",
  "lessons/steps.js": "a lesson's steps, replies, mistakes and stars",
  "lessons/progress.js": "the lessons' progress record (the storage is given)",
  "snapshot/format.js": "the stored snapshot's header, page map and checksum",
  "snapshot/pieces.js": "a snapshot read and written in pieces",
  "snapshot/file.js": "a stored snapshot opened and read through a backend (storeSnapshot asks navigator.storage: browser)",
  "together/code.js": "connection codes",
  "together/invite.js": "invitations and answers, as text and as links",
  "together/online-link.js": "a table's one link: made, read, refused; the relay list's check",
  "together/seal.js": "the sealed signalling: room and key from the secret, the envelope, every refusal, the floods",
  "together/online-host.js": "the host's door: a seat each knock, the answer used as pasted, full, reservations (open() loads the relays: browser)",
  "together/messages.js": "the messages of a table played together, their checks and the rate limit",
  "pace.js": "the expert's budget at the table from the phone's measured rate, its calibration and recheck",
  "backup-file.js": "the backup file: its format, SHA-256 check, every refusal, the merge",
  "canonical.js": "canonical JSON of a match and its identity (a backup's, an import's)",
  "install.js": "what home offers for installing, by browser and by what was put away",
  "sound/cues.js": "the table's sound cues: an action's cues, their synthesis data, lengths, loudness, mute",
};

/** Modules of web/ that look pure to the scan of purity.test.mjs but are not, and why
 * (none today). */
export const NOT_PURE = {};

/** The page's globals a pure module must not touch at import. */
export const PAGE_GLOBALS = ["document", "window", "indexedDB", "localStorage", "sessionStorage", "location",
  "navigator", "history", "self", "caches", "fetch", "BroadcastChannel", "Worker"];
