import { Button, Input, Modal } from "antd";
import { useMemo, useState } from "react";
import { SECTION_SCHEMAS } from "../../../../contract/landing";
import type { LandingPage, Section, SectionType } from "../../../landing/types";
import { LandingPreview } from "./LandingPreview";
import { sampleSection, sectionLabel } from "./schema-fields";

const TYPES = Object.keys(SECTION_SCHEMAS) as SectionType[];

/**
 * 添加区块: every section type with its Chinese name and help, and what the focused one looks like,
 * drawn by the public section component from the sample a new section of that type starts with.
 */
export function SectionPalette({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose(): void;
  onAdd(section: Section): void;
}) {
  const [focused, setFocused] = useState<SectionType>("hero");
  const [q, setQ] = useState("");
  const shown = useMemo(() => {
    const words = q.trim();
    if (!words) return TYPES;
    return TYPES.filter((t) => {
      const { title, description } = sectionLabel(t);
      return (
        title.includes(words) || description.includes(words) || t.toLowerCase().includes(words.toLowerCase())
      );
    });
  }, [q]);
  const sample = useMemo(() => sampleSection(focused), [focused]);
  const page: LandingPage = useMemo(
    () => ({ path: "/", title: "示例", name: "示例", description: "示例", sections: [sample] }),
    [sample],
  );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="添加区块"
      width={1040}
      footer={null}
      destroyOnHidden
      className="section-palette"
    >
      <div className="section-palette-body">
        <div className="section-palette-list">
          <Input.Search
            placeholder="搜索区块，如 议程、嘉宾、价格"
            allowClear
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-label="搜索区块"
          />
          <ul aria-label="区块类型">
            {shown.map((t) => {
              const { title, description } = sectionLabel(t);
              return (
                <li key={t} className={t === focused ? "is-focused" : undefined}>
                  <button
                    type="button"
                    className="section-palette-type"
                    onMouseEnter={() => setFocused(t)}
                    onFocus={() => setFocused(t)}
                    onClick={() => onAdd(sampleSection(t))}
                    aria-describedby={`palette-${t}`}
                  >
                    <strong>{title}</strong>
                    <span id={`palette-${t}`}>{description}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="section-palette-preview">
          <div className="section-palette-caption">
            <strong>{sectionLabel(focused).title}</strong> 的样子（手机，示例内容）
            <Button type="primary" size="small" onClick={() => onAdd(sampleSection(focused))}>
              添加
            </Button>
          </div>
          <div className="section-palette-frame">
            <LandingPreview page={page} device="phone" selected={null} />
          </div>
        </div>
      </div>
    </Modal>
  );
}
