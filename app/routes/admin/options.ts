import { useCallback, useEffect, useState } from "react";
import type { Paged } from "../../../contract/admin";
import { useApi } from "./api";

interface Option {
  value: number;
  label: string;
}

/** Columns and tags for the filters and the article form. */
export function useColumnsAndTags() {
  const api = useApi();
  const [columns, setColumns] = useState<Option[]>([]);
  const [tags, setTags] = useState<Option[]>([]);
  const searchTags = useCallback(
    async (q = "") => {
      const r = await api<Paged<{ id: number; name: string }>>(
        "GET",
        `/api/admin/tags?pageSize=50&q=${encodeURIComponent(q)}`,
      );
      setTags(r.items.map((t) => ({ value: t.id, label: t.name })));
    },
    [api],
  );
  useEffect(() => {
    api<Paged<{ id: number; name: string }>>("GET", "/api/admin/columns?pageSize=200")
      .then((r) => setColumns(r.items.map((c) => ({ value: c.id, label: c.name }))))
      .catch(() => {});
    searchTags().catch(() => {});
  }, [api, searchTags]);
  return { columns, tags, searchTags };
}
