// negotiator 0.6.4 (the one the compression step uses) ships no types; the gateway needs its encoding choice only.
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    /** The best of `available` the request accepts, ties broken by the order of `preferred`. */
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
