import { Select, Table } from "antd";
import type { ImportJob } from "../../../../contract/imports";

const NEW_COLUMN = "__new__";

/** The categories of an analysed export, each with the column it goes to. */
export function ColumnMapping({
  job,
  columns,
  value,
  onChange,
}: {
  job: ImportJob;
  columns: { value: number; label: string }[];
  value: Record<string, number | string>;
  onChange: (v: Record<string, number | string>) => void;
}) {
  const categories = job.analysis?.categories ?? [];
  return (
    <Table
      className="import-columns"
      size="small"
      rowKey="slug"
      dataSource={categories}
      pagination={false}
      columns={[
        { title: "WordPress 分类", dataIndex: "name" },
        { title: "文章数", dataIndex: "posts", width: 90 },
        {
          title: "导入到栏目",
          key: "column",
          width: 260,
          render: (_v, c) => {
            const chosen = value[c.slug];
            return (
              <Select
                style={{ width: 240 }}
                aria-label={`分类“${c.name}”导入到的栏目`}
                value={typeof chosen === "number" ? chosen : NEW_COLUMN}
                onChange={(v: number | string) =>
                  onChange({ ...value, [c.slug]: v === NEW_COLUMN ? c.name : v })
                }
                options={[
                  ...(columns.some((col) => col.label === c.name.slice(0, 20))
                    ? []
                    : [{ value: NEW_COLUMN, label: `新建栏目“${c.name.slice(0, 20)}”` }]),
                  ...columns,
                ]}
              />
            );
          },
        },
      ]}
    />
  );
}
