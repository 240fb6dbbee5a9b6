import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's serializer for large, service-built answers: the 200 answer is written by
 * fast-json-stringify from the zod schema's JSON Schema, WITHOUT validating it again (the service
 * builds it with the contract's types); every other status goes through the app's zod serializer.
 * Properties the schema does not name are left out, as zod's parse leaves them out.
 * NOTE: the order desk's page of 50–200 rows took ~0.2 ms to validate and stringify and ~0.08 ms
 * this way, on every list request; the desk's status change answers the whole order
 * (docs/product/back-office-orders.md, "Speed"). fast-json-stringify writes required properties
 * before optional ones.
 */
export function okAnswerWithoutValidation<S>(
  route: FastifyRouteSchemaDef<S>,
): (data: unknown) => string {
  return fastOkAnswer(route, (schema) => schema);
}

/**
 * The same, writing every object's properties in the schema's order, as the zod serializer did
 * (fast-json-stringify would move optional ones last), so an answer's bytes do not change: the
 * catalogue and search answers. NOTE: a catalogue page of 50 priced cards took ~4 times as long
 * through zod as through JSON.stringify alone, on every listing, detail and search answer.
 */
export function okAnswerInSchemaOrder<S>(
  route: FastifyRouteSchemaDef<S>,
): (data: unknown) => string {
  return fastOkAnswer(route, withoutRequired);
}

function fastOkAnswer<S>(
  route: FastifyRouteSchemaDef<S>,
  adapt: (jsonSchema: unknown) => unknown,
): (data: unknown) => string {
  // Fastify hands a route's compiler the route's own schema type; here it is always a zod schema.
  const schema = route.schema as unknown as z.ZodType;
  return String(route.httpStatus) === '200'
    ? fastWriter(schema, adapt)
    : serializerCompiler({ ...route, schema });
}

function fastWriter(schema: z.ZodType, adapt: (jsonSchema: unknown) => unknown) {
  return fastJson(adapt(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as object);
}

/**
 * What okAnswerInSchemaOrder writes for `schema`, as a plain function: for answers written ahead
 * of the route (see `writtenOnce`), which must be the bytes the route would send.
 */
export function inSchemaOrder<T>(schema: z.ZodType<T>): (value: T) => string {
  return fastWriter(schema, withoutRequired);
}

/**
 * `write`, remembered per value, as UTF-8 bytes: an answer built from a cached object (a product
 * detail) is the same object until its cache drops it, and was written again on every request.
 * NOTE: bytes, not the string: a string built by appending (as fast-json-stringify builds it) is a
 * tree of pieces that V8 walks again on every join or socket write, and thousands of kept trees
 * made every collection longer. Keyed by the object (WeakMap), so the bytes live exactly as long as
 * the value, which must never change.
 */
export function writtenOnce<T extends object>(write: (value: T) => string): (value: T) => Buffer {
  const written = new WeakMap<T, Buffer>();
  return (value) => {
    let json = written.get(value);
    if (json === undefined) {
      json = Buffer.from(write(value));
      written.set(value, json);
    }
    return json;
  };
}

/**
 * Sends JSON written ahead as the route's serializer would have: same content type and bytes, and
 * no serializer runs (Fastify sends bytes as they are).
 * NOTE: typed `never` for Fastify: the route's schema types its answer as the object, not its JSON.
 */
export function sendWritten(reply: FastifyReply, json: Buffer | string): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(json as never);
}

/** A JSON Schema without `required` lists (the answer is trusted: every required value is there). */
function withoutRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRequired);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value)))
      .map(([key, value]) => [key, withoutRequired(value)]),
  );
}

/**
 * An answer written once, cut where per-request text goes: `pieces[i]` is followed by the i-th
 * insert. See `cutAtMarks`.
 * NOTE: strings, not bytes: a priced answer is made per request, and a new Buffer of its size is a
 * new ArrayBuffer (above Node's pool's 4 KB), whose allocation and external memory made collections
 * the largest cost of a priced product page. A string made per request lives and dies in V8's young
 * generation; Node writes it to the socket in one pass.
 */
export type CutAnswer = { pieces: string[] };

/**
 * Cuts `marked` (what the serializer answers for a value with a marker added at each of `places`
 * places: a property written as `mark`) at its marks, so text can be put there per request without
 * writing the whole value again; the pieces joined are what it answers for the value without the
 * marks. Null when the marks found are not `places` (the cut would not give the serializer's text).
 * NOTE: `mark` must begin with `,"` and a property name: such text cannot occur inside a JSON
 * string, whose quotes are escaped.
 */
export function cutAtMarks(marked: string, mark: string, places: number): CutAnswer | null {
  const pieces = marked.split(mark);
  return pieces.length === places + 1 ? { pieces } : null;
}

/** The cut answer with `inserts[i]` after its i-th piece (an insert left out: nothing there). */
export function putInCut(cut: CutAnswer, inserts: ReadonlyArray<string | undefined>): string {
  const { pieces } = cut;
  let out = pieces[0]!;
  for (let i = 1; i < pieces.length; i++) out += (inserts[i - 1] ?? '') + pieces[i]!;
  return out;
}
