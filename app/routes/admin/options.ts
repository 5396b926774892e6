import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { pagedOf } from "../../../contract/answers";
import { useApi } from "./api";

/** Columns and tags as the console lists them (id and name are all the options need). */
const NAMED = pagedOf(z.object({ id: z.number(), name: z.string() }));

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
      const r = await api("GET", `/api/admin/tags?pageSize=50&q=${encodeURIComponent(q)}`, undefined, NAMED);
      setTags(r.items.map((t) => ({ value: t.id, label: t.name })));
    },
    [api],
  );
  useEffect(() => {
    api("GET", "/api/admin/columns?pageSize=200", undefined, NAMED)
      .then((r) => setColumns(r.items.map((c) => ({ value: c.id, label: c.name }))))
      .catch(() => {});
    searchTags().catch(() => {});
  }, [api, searchTags]);
  return { columns, tags, searchTags };
}
