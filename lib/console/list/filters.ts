// The filter kinds of a console list. A filter is one URL parameter that is (usually) also one
// parameter of the API with the API's own name and values, so the URL, the BFF query and the API
// query agree. Every parser is lenient: a value the filter does not accept parses to the filter's
// empty value (never an error page), and the empty value is never written to the URL.
//
// Browser-safe and server-safe (no library: the same few lines parse a page's `searchParams` on the
// server and the URL in the browser, components/console/list/use-list-url-state.ts).

/**
 * One URL parameter's codec: `parse(raw) → value | null` (null: not accepted, the default applies),
 * `serialize(value) → raw`, `eq` (a value equal to `defaultValue` is never written to the URL).
 */
export interface ValueParser<T> {
  readonly parse: (raw: string) => T | null;
  readonly serialize: (value: T) => string;
  readonly eq: (a: T, b: T) => boolean;
  readonly defaultValue: T;
}

/** A codec with its default; `parse` never throws (a value it cannot read is null). */
export function valueParser<T>(
  codec: { parse: (raw: string) => T | null; serialize: (value: T) => string; eq: (a: T, b: T) => boolean },
  defaultValue: T,
): ValueParser<T> {
  return {
    parse: (raw) => {
      try {
        return codec.parse(raw);
      } catch {
        return null;
      }
    },
    serialize: codec.serialize,
    eq: codec.eq,
    defaultValue,
  };
}

/**
 * One filter of a list.
 * - `key`: the URL parameter (and the API parameter, unless `api` is false).
 * - `parser`: its URL codec, whose default is `empty`.
 * - `api`: whether the value is sent to the API (false: a filter the browser applies itself).
 */
export interface Filter<T, Key extends string | undefined = string | undefined, Api extends boolean = boolean> {
  readonly kind: "enum" | "multi" | "text" | "employment" | "date";
  readonly key: Key;
  readonly parser: ValueParser<T>;
  readonly empty: T;
  readonly api: Api;
  /** True when the value narrows the list (i.e. is not the empty value). */
  readonly isSet: (value: T) => boolean;
  /** The value's form in an API query string (comma-separated for multi-value filters). */
  readonly toSearch: (value: T) => string;
  /** A text filter the page applies itself (`api: false`) that is still part of a saved view (a search, not panel state). */
  readonly view?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map of filters of any value type
export type AnyFilter = Filter<any, string | undefined, boolean>;

const stringEq = (a: string, b: string) => a === b;

function single<const V extends string, Key extends string | undefined, Api extends boolean>(
  kind: Filter<string, Key, Api>["kind"],
  key: Key,
  api: Api,
  accept: (v: string) => boolean,
): Filter<V | "", Key, Api> {
  const parser = valueParser<V | "">(
    {
      parse: (raw) => {
        const v = raw.trim();
        return v !== "" && accept(v) ? (v as V) : null;
      },
      serialize: (v) => v,
      eq: stringEq,
    },
    "",
  );
  return {
    kind,
    key,
    parser,
    empty: "",
    api,
    isSet: (v) => v !== "",
    toSearch: (v) => v,
  };
}

interface KeyOption<Key extends string | undefined> {
  /** The URL (and API) parameter name; defaults to the filter's name in the list definition. */
  key?: Key;
}
interface ApiOption<Api extends boolean> {
  /** false: the filter is kept in the URL but not sent to the API (the page filters its own rows). */
  api?: Api;
}

/**
 * Builders for the filters of `defineList`. The name of a filter in `filters: { … }` is its key in
 * the list's state; its URL parameter is `key` (default: the same name).
 */
export const filter = {
  /** One value out of the API's enum (`?status=approved`); "" = all. */
  enum<const V extends readonly string[], Key extends string | undefined = undefined>(
    values: V,
    options: KeyOption<Key> = {},
  ): Filter<V[number] | "", NoInfer<Key>, true> {
    return single<V[number], Key, true>("enum", options.key as Key, true, (v) => values.includes(v));
  },

  /**
   * One value out of the API's enum that always has one: `default` when the URL has none or one not
   * in `values` (`?sort_by=invoice_period`, default `due_date`). The default is never written to the
   * URL; another value counts as set. For a sort key or order the API takes as a parameter.
   */
  choice<const V extends readonly string[], Key extends string | undefined = undefined>(
    values: V,
    options: KeyOption<Key> & { default: NoInfer<V[number]> },
  ): Filter<V[number], NoInfer<Key>, true> {
    const fallback = options.default;
    const parser = valueParser<V[number]>(
      {
        parse: (raw) => {
          const v = raw.trim();
          return values.includes(v) ? v : null;
        },
        serialize: (v) => v,
        eq: stringEq,
      },
      fallback,
    );
    return {
      kind: "enum",
      key: options.key as Key,
      parser,
      empty: fallback,
      api: true,
      isSet: (v) => v !== fallback,
      toSearch: (v) => v,
    };
  },

  /**
   * Several values of the API's enum, comma-separated like the API's own parameter
   * (`?status=active,invited`); kept deduplicated and in the order of `values`, so one selection
   * has one URL. [] = all.
   */
  multi<const V extends readonly string[], Key extends string | undefined = undefined>(
    values: V,
    options: KeyOption<Key> = {},
  ): Filter<V[number][], NoInfer<Key>, true> & { normalize: (list: readonly string[]) => V[number][] } {
    type T = V[number][];
    const normalize = (list: readonly string[]): T => {
      const wanted = new Set(list.map((s) => s.trim()));
      return values.filter((v) => wanted.has(v)) as T;
    };
    const parser = valueParser<T>(
      {
        parse: (raw) => {
          const v = normalize(raw.split(","));
          return v.length > 0 ? v : null;
        },
        serialize: (v) => normalize(v).join(","),
        eq: (a, b) => normalize(a).join() === normalize(b).join(),
      },
      [] as T,
    );
    const f: Filter<T, Key, true> & { normalize: (list: readonly string[]) => T } = {
      kind: "multi",
      key: options.key as Key,
      parser,
      empty: [] as T,
      api: true,
      isSet: (v) => normalize(v).length > 0,
      toSearch: (v) => normalize(v).join(","),
      normalize,
    };
    return f;
  },

  /** Free text or an identifier (`?email=…`), trimmed; longer than `max` or not matching `pattern` → "". */
  text<Key extends string | undefined = undefined, Api extends boolean = true>(
    options: KeyOption<Key> & ApiOption<Api> & { max?: number; pattern?: RegExp; view?: boolean } = {},
  ): Filter<string, NoInfer<Key>, NoInfer<Api>> {
    const max = options.max ?? 200;
    const f = single<string, Key, Api>(
      "text",
      options.key as Key,
      (options.api ?? true) as Api,
      (v) => v.length <= max && (options.pattern?.test(v) ?? true),
    );
    return options.view ? { ...f, view: true } : f;
  },

  /** The employment a list is narrowed to (`?employment_id=<uuid>`); other characters → "". */
  employment<Key extends string = "employment_id">(options: KeyOption<Key> = {}): Filter<string, NoInfer<Key>, true> {
    return single<string, Key, true>(
      "employment",
      (options.key ?? "employment_id") as Key,
      true,
      (v) => v.length <= 64 && /^[A-Za-z0-9-]+$/.test(v),
    );
  },

  /** A calendar date (`?from=2026-01-31`), ISO `YYYY-MM-DD` and a real date; anything else → "". */
  date<Key extends string | undefined = undefined>(options: KeyOption<Key> = {}): Filter<string, NoInfer<Key>, true> {
    return single<string, Key, true>("date", options.key as Key, true, (v) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    });
  },
};

/** An integer parser: digits only, within [min, max] (and among `allowed` when given), else null. */
export function integerParser(defaultValue: number, { min, max, allowed }: { min: number; max: number; allowed?: readonly number[] }) {
  return valueParser<number>(
    {
      parse: (raw) => {
        const v = raw.trim();
        if (!/^\d{1,9}$/.test(v)) return null;
        const n = Number(v);
        if (n < min || n > max) return null;
        return allowed && !allowed.includes(n) ? null : n;
      },
      serialize: (n) => String(n),
      eq: (a, b) => a === b,
    },
    defaultValue,
  );
}
