import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { data } from "react-router";
import { pagedOf, ResourceRowSchema } from "../../../contract/answers";
import type { Route } from "./+types/resource";
import { formatDateTime, NO_STORE, useApi, useHydrated, yuan, zodRule } from "./api";
import { checkedValues, useApiChange, useApiGet } from "./data";
import { ImageField } from "./ImageField";
import { type FieldDef, type ResourceUi, resourceUi } from "./resource-config";

type Row = Record<string, unknown> & { id: number };

const ROWS = pagedOf(ResourceRowSchema);

export function headers() {
  return NO_STORE;
}

export function loader({ params }: Route.LoaderArgs) {
  const resource = params.resource ?? "";
  if (!resourceUi(resource)) throw data(null, { status: 404 });
  return { resource };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${resourceUi(loaderData?.resource ?? "")?.title ?? "后台"} - 编辑后台` }];
}

/** Options of a select that come from another resource (travel tabs). */
function useRemoteOptions(fields: FieldDef[], groupFrom?: string) {
  const api = useApi();
  const [opts, setOpts] = useState<Record<string, { value: number; label: string }[]>>({});
  useEffect(() => {
    const wanted = new Map<string, (r: Record<string, unknown>) => string>();
    for (const f of fields) if (f.optionsFrom) wanted.set(f.optionsFrom.resource, f.optionsFrom.label);
    if (groupFrom && !wanted.has(groupFrom)) wanted.set(groupFrom, (r) => String(r.name));
    for (const [resource, label] of wanted) {
      api("GET", `/api/admin/${resource}?pageSize=200`, undefined, pagedOf(ResourceRowSchema))
        .then((r) =>
          setOpts((o) => ({ ...o, [resource]: r.items.map((x) => ({ value: x.id, label: label(x) })) })),
        )
        .catch(() => {});
    }
  }, [api, fields, groupFrom]);
  return opts;
}

/** The control of one field; Form.Item passes value, onChange and id through `rest`. */
function FieldInput({
  field,
  remote,
  form,
  ...rest
}: {
  field: FieldDef;
  remote: Record<string, { value: number; label: string }[]>;
  form: ReturnType<typeof Form.useForm>[0];
  value?: never;
  onChange?: never;
  id?: string;
}) {
  const values = (Form.useWatch([], form) ?? {}) as Record<string, unknown>;
  const p = rest as Record<string, unknown>;
  switch (field.kind) {
    case "textarea":
      return <Input.TextArea rows={4} {...p} />;
    case "number":
      return <InputNumber min={0} precision={0} style={{ width: 160 }} {...p} />;
    case "money":
      return <InputNumber min={0} precision={2} step={1} style={{ width: 200 }} suffix="元" {...p} />;
    case "select":
      return (
        <Select
          options={field.options ? [...field.options] : (remote[field.optionsFrom?.resource ?? ""] ?? [])}
          showSearch={{ optionFilterProp: "label" }}
          {...p}
        />
      );
    case "image": {
      const kind =
        typeof field.imageKind === "function" ? field.imageKind(values) : (field.imageKind ?? "body");
      return <ImageField kind={kind} {...p} />;
    }
    case "datetime":
      return <DatePicker showTime style={{ width: 240 }} {...p} />;
    default:
      return <Input {...p} />;
  }
}

function ResourcePage({ ui }: { ui: ResourceUi }) {
  const api = useApi();
  const hydrated = useHydrated();
  const [form] = Form.useForm();
  const [q, setQ] = useState("");
  const [group, setGroup] = useState<string | number | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const params = new URLSearchParams({ page: String(page.page), pageSize: String(page.pageSize) });
  if (q) params.set("q", q);
  if (group !== undefined) params.set("group", String(group));
  const { data: list, loading, reload } = useApiGet(`/api/admin/${ui.name}?${params}`, ROWS);
  const { busy: saving, change } = useApiChange();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const remote = useRemoteOptions(ui.fields, ui.group?.optionsFrom);

  function open(row: Row | "new") {
    form.resetFields();
    const base =
      row === "new"
        ? { ...(ui.defaults ?? {}), ...(group !== undefined && ui.group ? { [ui.group.field]: group } : {}) }
        : row;
    const values: Record<string, unknown> = { ...base };
    for (const f of ui.fields)
      if (f.kind === "datetime" && values[f.name]) values[f.name] = dayjs(String(values[f.name]));
    form.setFieldsValue(values);
    setEditing(row);
  }

  async function save() {
    const values = await checkedValues(form);
    if (!values) return;
    const body: Record<string, unknown> = {};
    for (const f of ui.fields) {
      const v = values[f.name];
      body[f.name] =
        f.kind === "datetime" && v
          ? (v as dayjs.Dayjs).toISOString()
          : v === null || v === undefined
            ? undefined
            : v;
    }
    const saved = await change(async () => {
      if (editing === "new") await api("POST", `/api/admin/${ui.name}`, body);
      else if (editing) await api("PUT", `/api/admin/${ui.name}/${editing.id}`, body);
    }, "保存成功");
    if (!saved) return;
    setEditing(null);
    void reload();
  }

  async function remove(row: Row) {
    if (await change(() => api("DELETE", `/api/admin/${ui.name}/${row.id}`), "已删除")) void reload();
  }

  /** Moves a row one place up or down among the rows shown, and saves the order of all of them. */
  async function move(index: number, delta: number) {
    const rows = list?.items ?? [];
    const target = index + delta;
    if (target < 0 || target >= rows.length) return;
    const ids = rows.map((r) => r.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    if (await change(() => api("POST", `/api/admin/${ui.name}/order`, { ids }))) void reload();
  }

  const columns = (() => {
    const cols: TableColumnsType<Row> = ui.fields
      .filter((f) => f.column)
      .map((f) => ({
        title: f.label,
        dataIndex: f.name,
        width: f.width,
        render: (v: unknown) => {
          if (f.kind === "image") return v ? <img src={String(v)} alt="" className="console-thumb" /> : null;
          if (f.kind === "money") return yuan(Number(v));
          if (f.kind === "datetime") return formatDateTime(String(v));
          if (f.kind === "select") {
            const opts = f.options ?? remote[f.optionsFrom?.resource ?? ""] ?? [];
            return opts.find((o) => o.value === v)?.label ?? String(v ?? "");
          }
          if (f.name === "link" && v) {
            return (
              <a href={String(v)} target="_blank" rel="noreferrer" className="console-ellipsis">
                {String(v)}
              </a>
            );
          }
          return <span className="console-ellipsis">{String(v ?? "")}</span>;
        },
      }));
    for (const s of ui.stats ?? [])
      cols.push({ title: s.title, dataIndex: s.key, width: 80, align: "right" });
    cols.push({
      title: "操作",
      key: "ops",
      width: ui.sortable ? 200 : 130,
      render: (_v, row, index) => (
        <Space size={2}>
          <Button type="link" size="small" onClick={() => open(row)}>
            编辑
          </Button>
          {ui.sortable && (
            <>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label="上移"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label="下移"
                disabled={index === (list?.items.length ?? 0) - 1}
                onClick={() => move(index, 1)}
              />
            </>
          )}
          {ui.canDelete && (
            <Popconfirm title={`删除这个${ui.title}？`} onConfirm={() => remove(row)}>
              <Button type="link" danger size="small">
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
    return cols;
  })();

  const groupOptions = ui.group?.options
    ? [...ui.group.options]
    : (remote[ui.group?.optionsFrom ?? ""] ?? []);

  return (
    <Card
      title={ui.title}
      extra={
        ui.canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open("new")}>
            新增
          </Button>
        )
      }
    >
      {ui.hint && (
        <div className="console-hint-wrap">
          <Alert type="info" title={ui.hint} showIcon />
        </div>
      )}
      <Space wrap className="console-filters">
        {ui.group && (
          <Select
            placeholder={`全部${ui.group.label}`}
            allowClear
            value={group}
            options={groupOptions}
            onChange={(v) => {
              setGroup(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 200 }}
            aria-label={ui.group.label}
          />
        )}
        {ui.name !== "contacts" && (
          <Input.Search
            placeholder="搜索"
            allowClear
            onSearch={(v) => {
              setQ(v.trim());
              setPage((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 220 }}
            aria-label="搜索"
          />
        )}
      </Space>
      <Table<Row>
        rowKey="id"
        loading={loading}
        dataSource={list?.items ?? []}
        columns={columns}
        scroll={{ x: 760 }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
      />
      {hydrated && (
        <Modal
          open={editing !== null}
          title={`${editing === "new" ? "新增" : "编辑"}${ui.title}`}
          onCancel={() => setEditing(null)}
          onOk={save}
          okText="保存"
          confirmLoading={saving}
          destroyOnHidden
          forceRender
          width={640}
        >
          <Form form={form} layout="vertical" preserve={false}>
            {ui.fields.map((f) => (
              <Form.Item
                key={f.name}
                name={f.name}
                label={f.label}
                required={f.required}
                extra={f.extra}
                rules={
                  f.kind === "datetime"
                    ? [{ required: f.required, message: `请选择${f.label}` }]
                    : zodRule(ui.schema, f.name)
                }
              >
                <FieldInput field={f} remote={remote} form={form} />
              </Form.Item>
            ))}
          </Form>
        </Modal>
      )}
    </Card>
  );
}

export default function Resource({ loaderData }: Route.ComponentProps) {
  const ui = resourceUi(loaderData.resource)!;
  // A fresh page (and state) per resource when moving between them in the menu.
  return <ResourcePage key={ui.name} ui={ui} />;
}
