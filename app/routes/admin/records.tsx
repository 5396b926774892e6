import { DownloadOutlined } from "@ant-design/icons";
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  type DescriptionsProps,
  Drawer,
  Input,
  Select,
  Space,
  type TableColumnType,
  type TablePaginationConfig,
} from "antd";
import type { Dayjs } from "dayjs";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import type { Paged } from "../../../contract/admin";
import { pagedOf } from "../../../contract/answers";
import { saveBlob, useApi, useDownload, useShowApiError } from "./api";
import { useApiChange, useApiGet } from "./data";

/** Filters kept in the address (so a filtered list can be shared and survives a reload). */
export function useFilters() {
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string | number | undefined | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === null || v === "") next.delete(k);
      else next.set(k, String(v));
    }
    if (!("page" in patch)) next.delete("page");
    setParams(next, { replace: true });
  };
  const filters = Object.fromEntries(params.entries());
  return { params, filters, set };
}

/**
 * One page of a console list: `GET path?query`, loaded again whenever the query changes; a failure
 * is shown as a message and the rows on screen stay.
 */
export function usePagedList<S extends z.ZodType>(path: string, query: string, item: S) {
  const page = useMemo(() => pagedOf(item), [item]);
  return useApiGet(`${path}?${query}`, page);
}

/**
 * The leads or orders screen: its list filtered through the address with its pager ("共 N {unit}"),
 * the record open in the drawer, and `setStatus`, which changes a record's status
 * (`PUT path/id/status`), shows the answer in the drawer when that record is open there and reads
 * the list again.
 */
export function useRecords<S extends z.ZodType<{ id: number }>>(path: string, item: S, unit?: string) {
  type T = z.infer<S>;
  const api = useApi();
  const { change } = useApiChange();
  const { filters, set } = useFilters();
  const { data, loading, reload } = usePagedList(path, new URLSearchParams(filters).toString(), item);
  const [detail, setDetail] = useState<T | null>(null);

  async function setStatus(record: T, status: string) {
    const changed = await change(async () => {
      const updated = await api("PUT", `${path}/${record.id}/status`, { status }, item);
      if (detail?.id === record.id) setDetail(updated);
    }, "状态已更新");
    if (changed) void reload();
  }

  const pagination = listPagination(data, set, unit);
  return { filters, set, data, loading, pagination, detail, setDetail, setStatus };
}

/** The table pager of a console list: "共 N 条" (or another unit), page and size kept in the address. */
export function listPagination<T>(
  data: Paged<T> | null,
  set: (patch: { page: number; pageSize: number }) => void,
  unit = "条",
): TablePaginationConfig {
  return {
    current: data?.page ?? 1,
    pageSize: data?.pageSize ?? 20,
    total: data?.total ?? 0,
    showTotal: (t) => `共 ${t} ${unit}`,
    onChange: (page, pageSize) => set({ page, pageSize }),
  };
}

/** The "详情" column of a console list: opens the record's drawer (`#prefix-id` keeps it linkable). */
export function detailColumn<T extends { id: number }>(
  prefix: string,
  open: (row: T) => void,
): TableColumnType<T> {
  return {
    title: "操作",
    key: "ops",
    width: 80,
    render: (_v, r) => (
      <a
        href={`#${prefix}-${r.id}`}
        onClick={(e) => {
          e.preventDefault();
          open(r);
        }}
      >
        详情
      </a>
    ),
  };
}

/** Date range, keyword and the CSV export shared by the leads and orders pages (filters in the address). */
export function RecordToolbar({
  exportPath,
  fileName,
  placeholder,
  children,
}: {
  exportPath: string;
  fileName: string;
  placeholder: string;
  children?: React.ReactNode;
}) {
  const { filters, set } = useFilters();
  const download = useDownload();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [busy, setBusy] = useState(false);
  const range: [Dayjs, Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;

  async function exportCsv() {
    setBusy(true);
    try {
      const { page: _p, pageSize: _s, ...rest } = filters;
      const blob = await download(exportPath, rest);
      saveBlob(blob, `${fileName}-${dayjs().format("YYYY-MM-DD")}.csv`);
      message.success("已导出（已记录到操作日志）");
    } catch (err) {
      showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space wrap className="console-filters">
      {children}
      <DatePicker.RangePicker
        value={range}
        onChange={(v) =>
          set({
            from: v?.[0]?.format("YYYY-MM-DD") ?? undefined,
            to: v?.[1]?.format("YYYY-MM-DD") ?? undefined,
          })
        }
        aria-label="日期范围"
      />
      <Input.Search
        placeholder={placeholder}
        allowClear
        defaultValue={filters.q ?? ""}
        onSearch={(v) => set({ q: v.trim() })}
        style={{ width: 220 }}
        aria-label="搜索"
      />
      <Button icon={<DownloadOutlined />} onClick={exportCsv} loading={busy}>
        导出 CSV
      </Button>
    </Space>
  );
}

/** The drawer of the leads and orders pages: the record's fields in one column, then `children`. */
export function RecordDrawer({
  title,
  size,
  items,
  onClose,
  children,
}: {
  title: string;
  size: number;
  /** the open record's fields; null while no record is open (the drawer is closed) */
  items: DescriptionsProps["items"] | null;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  return (
    <Drawer open={items !== null} onClose={onClose} title={title} size={size}>
      {items && (
        <>
          <Descriptions column={1} bordered size="small" items={items} />
          {children}
        </>
      )}
    </Drawer>
  );
}

/** A list filter: a clearable select named by its placeholder; `onSearch` asks the server for options. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  onSearch,
  width = 130,
}: {
  label: string;
  value?: string;
  options: readonly { value: string | number; label: string }[];
  onChange: (v: string | undefined) => void;
  onSearch?: (q: string) => void;
  width?: number;
}) {
  return (
    <Select
      placeholder={label}
      allowClear
      showSearch={onSearch && { filterOption: false, onSearch }}
      value={value}
      options={options.map((o) => ({ value: String(o.value), label: o.label }))}
      onChange={(v) => onChange(v ?? undefined)}
      style={{ width }}
      aria-label={label}
    />
  );
}
