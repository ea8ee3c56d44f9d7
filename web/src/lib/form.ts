import { zodResolver } from '@hookform/resolvers/zod';
import { set, useForm, type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import * as z from '@gs/shared/schemas/zod';
import type { FieldErrors } from './field-errors';

/**
 * The SPA's forms, on react-hook-form: checked when submitted (never while typing or on leaving a
 * field), a message stays until the next submit or until the form itself clears it (most clear a
 * field's message when it is typed in), and focus stays where the person left it (no jump to the first
 * field in error). `resolver` is a shared request schema's (schemaResolver below).
 */
export function useSchemaForm<V extends FieldValues, T = V>(props: UseFormProps<V, unknown, T> & { resolver: Resolver<V, unknown, T> }): UseFormReturn<V, unknown, T> {
  return useForm<V, unknown, T>({ mode: 'onSubmit', reValidateMode: 'onSubmit', shouldFocusError: false, ...props });
}

/** A form's own name for a field the contract names otherwise (`estimatedCostCents` → `estimatedCost`), or the path unchanged. */
export type FormNames = Record<string, string> | ((path: string) => string);

const rename = (path: string, names: FormNames) => (typeof names === 'function' ? names(path) : (names[path] ?? path));

/**
 * A request schema checking what the form makes of its values (`toBody`: the body the route reads), so
 * its messages are about the body's fields, as the server's would be. A value the mapping cannot read
 * (a number that is not one) may be refused there, with `ctx.issues`: the schema then checks nothing more.
 */
export function bodySchema<V, S extends z.ZodMiniType>(
  toBody: (values: V, ctx: z.core.ParsePayload) => z.input<S>,
  schema: S,
): z.ZodMiniPipe<z.ZodMiniTransform<z.input<S>, V>, S> {
  // zod cannot relate a generic schema's input to the mapping's output: the signature above says it.
  return z.pipe(z.transform(toBody) as z.ZodMiniType, schema as z.ZodMiniType) as unknown as z.ZodMiniPipe<z.ZodMiniTransform<z.input<S>, V>, S>;
}

export interface SchemaResolverOptions {
  /** The form's names for fields the contract names otherwise. */
  formNames?: FormNames;
  /** The submit handler gets the form's values as typed, not the schema's output (for a form that sends its own mapping of them). */
  raw?: boolean;
}

/**
 * Checks the form's values with `schema`: a route's request schema from shared/src/schemas (which the
 * server parses the body with), usually piped after the form's mapping of its values to that body and
 * extended in the form file with what the body does not carry. So the browser refuses what the server
 * would, with the same words. On success the form's submit handler gets the schema's output (the body
 * to send), or with `raw` the values as typed. Each field's first message is kept, under the form's own
 * name for it (`formNames`).
 */
export function schemaResolver<S extends z.ZodMiniType<unknown, FieldValues>>(schema: S, options?: SchemaResolverOptions & { raw?: false }): Resolver<z.input<S>, unknown, z.output<S>>;
export function schemaResolver<S extends z.ZodMiniType<unknown, FieldValues>>(schema: S, options: SchemaResolverOptions & { raw: true }): Resolver<z.input<S>, unknown, z.input<S>>;
export function schemaResolver<S extends z.ZodMiniType<unknown, FieldValues>>(schema: S, { formNames = {}, raw = false }: SchemaResolverOptions = {}): Resolver<z.input<S>, unknown, unknown> {
  const resolve = zodResolver(schema, undefined, { mode: 'sync', raw: raw as false }) as unknown as Resolver<z.input<S>, unknown, unknown>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const texts = errorTexts(result.errors);
    if (Object.keys(texts).length === 0) return result;
    const errors = {};
    const named = new Set<string>();
    for (const [path, message] of Object.entries(texts)) {
      const name = rename(path, formNames);
      // A field keeps its first message when two contract fields come to one form field.
      if (!named.has(name)) set(errors, name, { type: 'schema', message });
      named.add(name);
    }
    return { values: {}, errors };
  };
}

/**
 * A form's own check beyond the request schema (a rule of the shared modules that needs what the body
 * does not carry, e.g. the order's balance). It runs whatever the schema found before it (zod skips a
 * plain check once a field is of the wrong type), so the form shows every message at once.
 */
export const formCheck = <T>(check: (value: T, ctx: z.core.$RefinementCtx<T>) => void) => z.superRefine(check, { when: () => true });

const ERROR_KEYS = new Set(['type', 'message', 'ref', 'types']);

/**
 * react-hook-form's errors (nested: `errors.address.line1.message`) as the forms show them, one text per
 * field keyed by its path (`address.line1`), as the server keys its 400 `fields`. A message on the whole
 * input (an empty path) is keyed `_`.
 */
export function errorTexts(errors: object | undefined, prefix = ''): FieldErrors {
  const texts: FieldErrors = {};
  for (const [key, node] of Object.entries(errors ?? {})) {
    if (!node || typeof node !== 'object' || ERROR_KEYS.has(key)) continue;
    // An error on a group whose members also have errors is its `root`.
    const path = key === 'root' && prefix ? prefix : prefix ? `${prefix}.${key}` : key || '_';
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) texts[path] ??= message;
    for (const [child, text] of Object.entries(errorTexts(node, path))) texts[child] ??= text;
  }
  return texts;
}

/** The server's 400 `fields` (or any messages by field) shown under the form's fields, by the form's names for them. */
export function showErrors<V extends FieldValues, T>(form: Pick<UseFormReturn<V, unknown, T>, 'setError'>, fields: FieldErrors, formNames: FormNames = {}) {
  for (const [path, message] of Object.entries(fields)) form.setError(rename(path, formNames) as Path<V>, { type: 'server', message });
}

/** Takes away the messages under `path` (its own and its members'), named as the contract names the field (`fromAddress`). */
export function clearMessages<V extends FieldValues, T>(form: Pick<UseFormReturn<V, unknown, T>, 'clearErrors'>, path: string) {
  form.clearErrors(path as Path<V>);
}
