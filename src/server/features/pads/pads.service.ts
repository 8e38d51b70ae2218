/**
 * The live pads feature's public entry point (docs/decisions/031). By aspect: access.ts (who
 * may open a pad), document.ts (the Yjs document in the database: appends, snapshot,
 * compaction), lifecycle.ts (create, read, end), notes.ts (the hiring team's notes), runs.ts
 * (asking for runs, the replay), run-queue.ts (runs in the sandbox: here or in `npm run runner`),
 * pad-sockets.ts (the WebSocket the editors sync over), entry.ts (the ways in: an interview's
 * stable pad link, an application's pads).
 */
export { accessOf, loadPad } from './access';
export { appendUpdate, compact, filesOf, loadDoc, loadState } from './document';
export { listApplicationPads, padOfInterview } from './entry';
export { createPad, endPad, type PadDeps, readPad } from './lifecycle';
export { addNote, deleteNote, listNotes, updateNote } from './notes';
export { PadSockets } from './pad-sockets';
export { type PadRunner, PadRunQueue, sandboxPadRunner } from './run-queue';
export { listRuns, readReplay, startRun } from './runs';
