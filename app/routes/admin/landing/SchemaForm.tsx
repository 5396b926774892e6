import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from "antd";
import { memo, useId, useMemo, useRef } from "react";
import type { z } from "../../../../contract/zod";
import { RichTextEditor } from "../RichTextEditor";
import { PICTURE_OWN_FIELDS, PictureField } from "./PictureField";
import { ProductSelect } from "./ProductSelect";
import { type Field, fieldOf, issuesOf, sampleOf } from "./schema-fields";

/**
 * A form made from a zod schema of contract/landing.ts: every field with its Chinese label and help
 * from the schema's metadata, the kind of control its type asks for, and the schema's own messages
 * at their fields as the editor types. Controlled: `value` in, `onChange(next)` out; an optional
 * field left empty is absent from the value. `errors` (dotted paths inside the value, such as
 * `people.0.name`, from the API) show where the form itself finds nothing wrong.
 */
export function SchemaForm({
  schema,
  value,
  onChange,
  errors,
  skip = ["type"],
  trailing,
}: {
  schema: z.ZodType;
  value: unknown;
  onChange: (next: unknown) => void;
  errors?: Record<string, string>;
  /** top-level fields not shown (a section's `type`) */
  skip?: string[];
  /** top-level fields shown last, together under a title (a section's shared settings) */
  trailing?: { title: string; keys: string[] };
}) {
  const idBase = useId();
  const live = useMemo(() => issuesOf(schema, value), [schema, value]);
  const merged = { ...errors, ...live };
  // The same object while the messages stay the same, so fields whose value did not change skip
  // drawing (each keystroke draws the field typed in, not the whole form).
  const same = JSON.stringify(merged);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `same` stands for `merged`'s content
  const ctx: Ctx = useMemo(() => ({ issues: merged, idBase }), [same, idBase]);
  const field = fieldOf(schema);
  return (
    <Form layout="vertical" component="div" className="schema-form">
      {field.type.kind === "object" ? (
        <>
          <ObjectFields
            shape={field.type.shape}
            value={(value ?? {}) as Record<string, unknown>}
            onChange={onChange}
            path=""
            ctx={ctx}
            skip={[...skip, ...(trailing?.keys ?? [])]}
          />
          {trailing && (
            <fieldset className="schema-fieldset">
              <legend>{trailing.title}</legend>
              <ObjectFields
                shape={field.type.shape}
                value={(value ?? {}) as Record<string, unknown>}
                onChange={onChange}
                path=""
                ctx={ctx}
                only={trailing.keys}
              />
            </fieldset>
          )}
        </>
      ) : (
        <FieldView field={field} name="" value={value} onChange={onChange} path="" ctx={ctx} />
      )}
      {ctx.issues[""] && <div className="schema-form-error">{ctx.issues[""]}</div>}
    </Form>
  );
}

interface Ctx {
  issues: Record<string, string>;
  idBase: string;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
const idOf = (ctx: Ctx, path: string) => `${ctx.idBase}-${path.replaceAll(".", "-") || "root"}`;

/** The fields of an object, in the schema's order; undefined values are left out of the object. */
function ObjectFields({
  shape,
  value,
  onChange,
  path,
  ctx,
  skip = [],
  only,
}: {
  shape: Record<string, z.ZodType>;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  path: string;
  ctx: Ctx;
  skip?: string[];
  only?: string[];
}) {
  // One setter per field for the life of the form: a field's props change only with its value.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const setters = useRef(new Map<string, (v: unknown) => void>()).current;
  const setterOf = (key: string) => {
    let set = setters.get(key);
    if (!set) {
      set = (v: unknown) => {
        const next = { ...latest.current.value };
        if (v === undefined) delete next[key];
        else next[key] = v;
        latest.current.onChange(next);
      };
      setters.set(key, set);
    }
    return set;
  };
  return (
    <>
      {Object.entries(shape).map(([key, s]) => {
        if (skip.includes(key) || (only && !only.includes(key))) return null;
        const field = fieldOf(s);
        if (field.type.kind === "literal") return null;
        return (
          <FieldView
            key={key}
            field={field}
            name={key}
            value={value[key]}
            path={join(path, key)}
            ctx={ctx}
            onChange={setterOf(key)}
          />
        );
      })}
    </>
  );
}

const FieldView = memo(function FieldView({
  field,
  name,
  value,
  onChange,
  path,
  ctx,
}: {
  field: Field;
  name: string;
  value: unknown;
  onChange: (next: unknown) => void;
  path: string;
  ctx: Ctx;
}) {
  const { meta, optional, type } = field;
  const label = meta.title ?? name;
  const id = idOf(ctx, path);
  const issue = ctx.issues[path];
  const item = (control: React.ReactNode, extra?: React.ReactNode) => (
    <Form.Item
      label={label}
      htmlFor={id}
      required={!optional}
      validateStatus={issue ? "error" : undefined}
      help={issue}
      extra={extra ?? meta.description}
    >
      {control}
    </Form.Item>
  );

  // An optional object or list that is absent: a button adds it.
  if (optional && value === undefined && (type.kind === "object" || type.kind === "array")) {
    return (
      <Form.Item
        label={label}
        extra={meta.description}
        validateStatus={issue ? "error" : undefined}
        help={issue}
      >
        <Button icon={<PlusOutlined />} onClick={() => onChange(sampleOf(field.schema, name))}>
          添加{label}
        </Button>
      </Form.Item>
    );
  }

  switch (type.kind) {
    case "text": {
      const text = typeof value === "string" ? value : "";
      const set = (v: string) => onChange(v === "" && optional ? undefined : v);
      if (type.html)
        return item(<RichTextEditor compact id={id} value={text} placeholder={label} onChange={set} />);
      if (type.max !== null && type.max > 100 && !type.link)
        return item(
          <Input.TextArea
            id={id}
            value={text}
            autoSize={{ minRows: 2, maxRows: 8 }}
            count={{ show: true, max: type.max }}
            onChange={(e) => set(e.target.value)}
          />,
        );
      return item(
        <Input
          id={id}
          value={text}
          placeholder={type.link ? "https://…、/站内路径、#锚点 或 tel:电话" : undefined}
          count={type.max !== null && !type.link ? { show: type.max > 10, max: type.max } : undefined}
          onChange={(e) => set(e.target.value)}
        />,
      );
    }
    case "number": {
      if (meta.product)
        return item(
          <ProductSelect
            id={id}
            value={typeof value === "number" ? value : undefined}
            onChange={(v) => onChange(v === undefined && !optional ? null : v)}
          />,
        );
      const yuan = meta.description === "单位：元";
      return item(
        <InputNumber
          id={id}
          value={typeof value === "number" ? value : null}
          min={type.min ?? undefined}
          max={type.max ?? undefined}
          precision={type.int ? 0 : undefined}
          suffix={yuan ? "元" : undefined}
          style={{ width: 200 }}
          onChange={(v) => onChange(v === null ? (optional ? undefined : null) : v)}
        />,
      );
    }
    case "boolean":
      return item(
        <Switch
          id={id}
          checked={value === true}
          onChange={(v) => onChange(optional && !v ? undefined : v)}
        />,
      );
    case "choice": {
      if (!optional && type.options.length <= 4)
        return item(
          <Radio.Group
            id={id}
            optionType="button"
            value={value}
            options={type.options}
            onChange={(e) => onChange(e.target.value)}
          />,
        );
      return item(
        <Select
          id={id}
          value={value as string | number | undefined}
          allowClear={optional}
          placeholder={optional ? "不选" : "请选择"}
          options={type.options}
          style={{ minWidth: 160 }}
          onChange={(v) => onChange(v ?? undefined)}
        />,
      );
    }
    case "object": {
      const obj = (value ?? {}) as Record<string, unknown>;
      const remove = optional ? (
        <Button size="small" type="link" danger onClick={() => onChange(undefined)}>
          移除{label}
        </Button>
      ) : null;
      if (type.picture)
        return (
          <PictureField
            label={label}
            description={meta.description}
            value={obj}
            onChange={onChange}
            issueOf={(k) => ctx.issues[join(path, k)]}
            idOf={(k) => idOf(ctx, join(path, k))}
            extra={remove}
          >
            <ObjectFields
              shape={type.shape}
              value={obj}
              onChange={onChange}
              path={path}
              ctx={ctx}
              skip={PICTURE_OWN_FIELDS}
            />
          </PictureField>
        );
      return (
        <fieldset className="schema-fieldset">
          <legend>
            {label} {remove}
          </legend>
          {meta.description && <div className="schema-help">{meta.description}</div>}
          {issue && <div className="schema-form-error">{issue}</div>}
          <ObjectFields shape={type.shape} value={obj} onChange={onChange} path={path} ctx={ctx} />
        </fieldset>
      );
    }
    case "array":
      return (
        <ListField
          field={field}
          label={label}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          path={path}
          ctx={ctx}
        />
      );
    default:
      return null;
  }
});

/** A list: items you can add (up to its most), remove (down to its least) and move up or down. */
function ListField({
  field,
  label,
  value,
  onChange,
  path,
  ctx,
}: {
  field: Field;
  label: string;
  value: unknown[];
  onChange: (next: unknown) => void;
  path: string;
  ctx: Ctx;
}) {
  if (field.type.kind !== "array") return null;
  const { item, min, max } = field.type;
  const itemField = fieldOf(item);
  const itemLabel = itemField.meta.title ?? label;
  const full = max !== null && value.length >= max;
  const issue = ctx.issues[path];
  const set = (next: unknown[]) => onChange(next.length === 0 && field.optional ? undefined : next);
  const move = (i: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(i, 1);
    next.splice(to, 0, moved);
    set(next);
  };
  const canRemove = (n: number) => n > min || (field.optional && n === 1);
  const primitive = itemField.type.kind !== "object" && itemField.type.kind !== "array";
  return (
    <fieldset className="schema-fieldset schema-list">
      <legend>
        {label}
        <span className="schema-count">
          {value.length}
          {max !== null ? ` / 最多 ${max}` : ""} 项{min > 0 ? `，至少 ${min} 项` : ""}
        </span>
      </legend>
      {field.meta.description && <div className="schema-help">{field.meta.description}</div>}
      {issue && <div className="schema-form-error">{issue}</div>}
      {value.map((v, i) => {
        const tools = (
          <Space size={0} className="schema-item-tools">
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={`上移第 ${i + 1} 项${itemLabel}`}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={`下移第 ${i + 1} 项${itemLabel}`}
              disabled={i === value.length - 1}
              onClick={() => move(i, i + 1)}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除第 ${i + 1} 项${itemLabel}`}
              disabled={!canRemove(value.length)}
              onClick={() => set(value.filter((_, j) => j !== i))}
            />
          </Space>
        );
        const itemPath = join(path, i);
        const setItem = (nv: unknown) => set(value.map((old, j) => (j === i ? nv : old)));
        if (primitive)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; their place is it
            <div className="schema-item schema-item-inline" key={i}>
              <div className="schema-item-body">
                <FieldView
                  field={{ ...itemField, meta: { ...itemField.meta, title: `${itemLabel} ${i + 1}` } }}
                  name=""
                  value={v}
                  onChange={setItem}
                  path={itemPath}
                  ctx={ctx}
                />
              </div>
              {tools}
            </div>
          );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own; their place is it
          <div className="schema-item" key={i}>
            <div className="schema-item-head">
              <strong>
                {itemLabel} {i + 1}
              </strong>
              {tools}
            </div>
            {itemField.type.kind === "object" && !itemField.type.picture ? (
              <ObjectFields
                shape={itemField.type.shape}
                value={(v ?? {}) as Record<string, unknown>}
                onChange={setItem}
                path={itemPath}
                ctx={ctx}
              />
            ) : (
              <FieldView
                field={{ ...itemField, meta: { ...itemField.meta, title: `${itemLabel} ${i + 1}` } }}
                name=""
                value={v}
                onChange={setItem}
                path={itemPath}
                ctx={ctx}
              />
            )}
          </div>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        disabled={full}
        onClick={() => set([...value, sampleOf(item)])}
        title={full ? `最多 ${max} 项` : undefined}
      >
        添加{itemLabel}
      </Button>
    </fieldset>
  );
}
