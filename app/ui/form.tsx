import { useCallback, useRef, useState } from "react";

/**
 * Light form controls for visitor pages: native inputs, radios and checkboxes styled to the visual
 * language (app/ui/ui.css), with antd's look and the class names antd gives a form item and its
 * message (`ant-form-item`, `ant-form-item-explain-error`), so pages read and test as before,
 * without antd's code or styles on the first screen.
 */
import "./ui.css";

export type Values = Record<string, unknown>;

/** A field's rule: the Chinese message when `value` is not acceptable, else null. */
export interface Rule {
  check: (value: unknown) => string | null;
  /** When the field checks itself: on blur (text) or on change (choices). */
  trigger: "blur" | "change";
}

/**
 * Values, messages and rules of one form. `rules` is read at each call, so a form may show
 * different fields (and rules) as its values change.
 */
export function useForm<V extends Values>(formName: string, initial: V, rules: () => Record<string, Rule>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const rulesRef = useRef(rules);
  rulesRef.current = rules;

  const check = useCallback((name: string, value: unknown) => {
    const rule = rulesRef.current()[name];
    const message = rule ? rule.check(value) : null;
    setErrors((e) => {
      if ((e[name] ?? null) === message) return e;
      const next = { ...e };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }, []);

  const set = useCallback(
    (name: string, value: unknown) => {
      valuesRef.current = { ...valuesRef.current, [name]: value };
      setValues(valuesRef.current);
      if (rulesRef.current()[name]?.trigger === "change") check(name, value);
    },
    [check],
  );

  const blur = useCallback(
    (name: string) => {
      if (rulesRef.current()[name]?.trigger === "blur") check(name, valuesRef.current[name]);
    },
    [check],
  );

  /** Checks every field that has a rule; scrolls the first failing one (in page order) into view. */
  const validate = useCallback((): boolean => {
    const found: Record<string, string> = {};
    for (const [name, rule] of Object.entries(rulesRef.current())) {
      const message = rule.check(valuesRef.current[name]);
      if (message) found[name] = message;
    }
    setErrors(found);
    const elements = Object.keys(found)
      .map((name) => document.getElementById(`${formName}_${name}`))
      .filter((el): el is HTMLElement => el !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    elements[0]?.scrollIntoView({ block: "center" });
    return Object.keys(found).length === 0;
  }, [formName]);

  const reset = useCallback(() => {
    valuesRef.current = initial;
    setValues(initial);
    setErrors({});
  }, [initial]);

  const clearErrors = useCallback(() => setErrors({}), []);

  /** Props of a text input bound to `name`. */
  const text = (name: string, normalize?: (v: string) => string) => ({
    id: `${formName}_${name}`,
    name,
    value: typeof values[name] === "string" ? (values[name] as string) : "",
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, normalize ? normalize(e.target.value) : e.target.value),
    onBlur: () => blur(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-required": rulesRef.current()[name] ? true : undefined,
  });

  return {
    formName,
    values,
    errors,
    set,
    blur,
    validate,
    reset,
    clearErrors,
    text,
    id: (name: string) => `${formName}_${name}`,
  };
}

export interface FieldProps {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  error?: string;
  extra?: React.ReactNode;
  className?: string;
  /** A group of radios or checkboxes is named by its legend, not by a <label for>. */
  group?: boolean;
  children: React.ReactNode;
}

/** A vertical form item: label (with the required mark), control, message, help text. */
export function Field({ id, label, required, error, extra, className, group, children }: FieldProps) {
  const cls = ["ant-form-item", "ui-item", error ? "ui-item-error" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  const labelCls = required ? "ui-required" : undefined;
  return (
    <div className={cls}>
      <div className="ui-label">
        {group ? (
          <span className={labelCls} id={`${id}_label`}>
            {label}
          </span>
        ) : (
          <label htmlFor={id} className={labelCls}>
            {label}
          </label>
        )}
      </div>
      <div className="ui-control">
        <div className="ui-control-content">{children}</div>
      </div>
      {error && (
        <div className="ui-help" id={`${id}_help`}>
          <div className="ant-form-item-explain-error" role="alert">
            {error}
          </div>
        </div>
      )}
      {extra && (
        <div className="ui-extra" id={`${id}_extra`}>
          {extra}
        </div>
      )}
      {error && <div className="ui-margin-offset" />}
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface GroupProps {
  id: string;
  name: string;
  options: Option[];
  className?: string;
}

/** One choice of several: segmented buttons (`buttons`) or round radios. */
export function RadioGroup(
  p: GroupProps & { value: string; onChange: (v: string) => void; buttons?: boolean; labelledBy?: string },
) {
  return (
    <div
      role="radiogroup"
      id={p.id}
      aria-labelledby={p.labelledBy ?? `${p.id}_label`}
      className={[p.buttons ? "ui-segment" : "ui-choices", p.className ?? ""].join(" ").trim()}
    >
      {p.options.map((o) => {
        const checked = p.value === o.value;
        return (
          <label
            key={o.value}
            className={p.buttons ? `ui-segment-item${checked ? " ui-checked" : ""}` : "ui-radio"}
          >
            <input
              type="radio"
              className="ui-hidden-input"
              name={`${p.id}`}
              value={o.value}
              checked={checked}
              onChange={() => p.onChange(o.value)}
            />
            {/* As antd's radio buttons: the checked fill is a layer behind the words. */}
            <span className={p.buttons ? "ui-segment-fill" : "ui-radio-box"} aria-hidden="true" />
            <span className="ui-choice-label">{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}

/** A single checkbox with its words. */
export function Checkbox(p: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  value?: string;
  children: React.ReactNode;
}) {
  return (
    <label className="ui-checkbox">
      <input
        type="checkbox"
        className="ui-hidden-input"
        value={p.value}
        checked={p.checked}
        onChange={(e) => p.onChange(e.target.checked)}
      />
      <span className="ui-checkbox-box" aria-hidden="true" />
      <span className="ui-choice-label">{p.children}</span>
    </label>
  );
}

/** Several choices of several. */
export function CheckboxGroup(p: GroupProps & { value: string[]; onChange: (v: string[]) => void }) {
  return (
    <div
      role="group"
      id={p.id}
      aria-labelledby={`${p.id}_label`}
      className={`ui-choices ${p.className ?? ""}`}
    >
      {p.options.map((o) => (
        <Checkbox
          key={o.value}
          value={o.value}
          checked={p.value.includes(o.value)}
          onChange={(on) =>
            p.onChange(
              on
                ? p.options.map((x) => x.value).filter((v) => v === o.value || p.value.includes(v))
                : p.value.filter((v) => v !== o.value),
            )
          }
        >
          {o.label}
        </Checkbox>
      ))}
    </div>
  );
}

/** A text area that grows with its text between `minRows` and `maxRows`. */
export function TextArea({
  minRows = 3,
  maxRows = 8,
  className,
  ...rest
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { minRows?: number; maxRows?: number }) {
  const fitHeight = (el: HTMLTextAreaElement) => {
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || 22;
    const chrome =
      Number.parseFloat(style.paddingTop) +
      Number.parseFloat(style.paddingBottom) +
      Number.parseFloat(style.borderTopWidth) +
      Number.parseFloat(style.borderBottomWidth);
    el.style.height = "auto";
    const height = Math.min(Math.max(el.scrollHeight + 2, line * minRows + chrome), line * maxRows + chrome);
    el.style.height = `${height}px`;
  };
  return (
    <textarea
      rows={minRows}
      className={`ui-input ui-textarea ${className ?? ""}`.trim()}
      onInput={(e) => fitHeight(e.currentTarget)}
      {...rest}
    />
  );
}

/** antd's loading spinner look, for a busy button. */
export function Spinner() {
  return <span className="ui-spinner" aria-hidden="true" />;
}
