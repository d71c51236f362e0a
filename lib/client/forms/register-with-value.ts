import type {
  FieldPath,
  FieldValues,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
} from "react-hook-form";

type Form<T extends FieldValues> = Pick<UseFormReturn<T>, "register" | "getValues">;

/**
 * `form.register(name)` with the field's value as the input's initial value. react-hook-form puts values into the
 * inputs it registers only once its code runs in the browser: a form the server renders with its record
 * (lib/server/page-reads/page-read.ts) would show empty until then.
 */
export function registerWithValue<T extends FieldValues, N extends FieldPath<T>>(
  form: Form<T>,
  name: N,
  options?: RegisterOptions<T, N>,
): UseFormRegisterReturn<N> & { defaultValue?: string } {
  const registered = form.register(name, options);
  const value: unknown = form.getValues(name);
  return typeof value === "string" || typeof value === "number"
    ? { ...registered, defaultValue: String(value) }
    : registered;
}

/** The same for one radio button of a group: checked from the start when it holds the field's value. */
export function registerRadio<T extends FieldValues, N extends FieldPath<T>>(
  form: Form<T>,
  name: N,
  value: string,
  options?: RegisterOptions<T, N>,
): UseFormRegisterReturn<N> & { value: string; defaultChecked: boolean } {
  return { ...form.register(name, options), value, defaultChecked: form.getValues(name) === value };
}
