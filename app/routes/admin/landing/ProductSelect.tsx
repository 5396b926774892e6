import { Select } from "antd";
import { useEffect, useState } from "react";
import { AdminProductSchema, itemsOf } from "../../../../contract/answers";
import { useApi } from "../api";

/**
 * A buy button's 报名产品 (a field marked `product: true`): picked by name from the console's
 * products, not typed as a number. A product deleted since the page was saved shows as its id.
 */
export function ProductSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const api = useApi();
  const [options, setOptions] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    api("GET", "/api/admin/products", undefined, itemsOf(AdminProductSchema))
      .then((r) => {
        if (live) setOptions(r.items.map((p) => ({ value: p.id, label: `${p.name}（#${p.id}）` })));
      })
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: "label" }}
      allowClear
      loading={options === null}
      placeholder="选择报名产品"
      notFoundContent="没有报名产品，请先在「报名产品」中添加"
      style={{ width: "100%", maxWidth: 420 }}
      value={value}
      options={options ?? []}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}
