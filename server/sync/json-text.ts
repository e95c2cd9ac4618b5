/**
 * A row a changes-feed loader already has as JSON text (written by JSON.stringify, or
 * built as it would build it): the page is written with it as it is, not parsed and
 * written out again (server/sync/changes-answer.ts).
 */
export class JsonText {
  constructor(readonly json: string) {}
}
