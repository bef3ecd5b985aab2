import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named statements on PGlite for the reads `prepared()` names (decision 031). Drizzle's PGlite driver sends every
 * statement unnamed, so PGlite parsed and planned the feed's opening read on every request, and planning was most
 * of its cost (0.75 ms of planning to 0.37 ms of execution; the whole read 1.1 ms unnamed, 0.4 ms named). The
 * client drizzle is given here sends a statement whose text `prepared()` registered as a named one: parsed and
 * described once per database, then only bound and executed. Every other statement goes to PGlite as before.
 */
const statementNames = new Map<string, string>();

/** Called by `prepared()`: this SQL text is the named statement `name` (one name is one text). */
export function nameStatement(text: string, name: string): void {
  statementNames.set(text, name);
}

const { serialize } = protocol;

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/** `client`, with its `query` sending the registered texts as named statements. */
export function withNamedStatements(client: PGlite): PGlite {
  // The statements parsed in this database, with their parameters' type ids (for the values' text form).
  const parameterTypes = new Map<string, number[]>();

  async function queryNamed<T>(name: string, text: string, params: unknown[], options?: QueryOptions) {
    let types = parameterTypes.get(name);
    if (!types) {
      const described = await client.execProtocol(
        joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      );
      types = parse.parseDescribeStatementResults(described.messages);
      parameterTypes.set(name, types);
    }
    // As PGlite's own query() turns values into text: by the parameter's type, else String().
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = types[index]!;
      const toText = options?.serializers?.[type] ?? client.serializers[type];
      return toText ? toText(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      joined([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = statementNames.get(text);
    if (name === undefined) return client.query<T>(text, params, options);
    // The locks PGlite's own query() takes: never inside another caller's transaction, one statement at a time.
    return client._runExclusiveTransaction(() =>
      client.runExclusive(() => queryNamed<T>(name, text, params, options)),
    );
  }

  // Everything else is PGlite's own, called on PGlite itself (its private fields need the real `this`).
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(key);
    },
  });
}
