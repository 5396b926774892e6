import {
  CopyOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  HolderOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Badge, Button, Empty, Popconfirm, Tooltip } from "antd";
import { type ComponentType, memo, useCallback, useId, useMemo, useRef, useState } from "react";
import { SECTION_SCHEMAS } from "../../../../contract/landing";
import type { z } from "../../../../contract/zod";
import type { Section } from "../../../landing/types";
import { SchemaForm } from "./SchemaForm";
import { SectionPalette } from "./SectionPalette";
import { errorsUnder, sectionIssues, sectionLabel, sectionTitle } from "./schema-fields";
import "./landing-editor.css";

/** What a section type's own form is given (the generated SchemaForm is given the same). */
export interface SectionFormProps {
  value: Section;
  onChange(next: Section): void;
  /** issues by path inside the section, from the API */
  errors?: Record<string, string>;
}

/**
 * A section type's own form, only where the generated one does not fit: `forms/<type>.tsx` with the
 * form as its default export. Found by its file name; nothing else to register.
 */
const OWN_FORMS = import.meta.glob<{ default: ComponentType<SectionFormProps> }>("./forms/*.tsx", {
  eager: true,
});
const ownForm = (type: string) => OWN_FORMS[`./forms/${type}.tsx`]?.default;

/** The fields every section has (contract/landing.ts baseShape), shown after the section's own. */
const SHARED_SETTINGS = { title: "区块设置", keys: ["id", "tone", "reveal", "hidden"] };

let nextKey = 0;
const newKey = () => `s${++nextKey}`;

/** Where a selected index goes when the section at `from` moves to `to`. */
function follow(selected: number | null, from: number, to: number): number | null {
  if (selected === null) return null;
  if (selected === from) return to;
  if (from < selected && to >= selected) return selected - 1;
  if (from > selected && to <= selected) return selected + 1;
  return selected;
}

/**
 * The sections of a landing page: a palette to add one, the list (drag or keyboard to reorder;
 * duplicate, hide, remove), and the selected section's form made from its schema. `errors` are the
 * API's field errors by page path (`sections.3.title`); the form adds its own as the editor types.
 */
export const SectionEditor = memo(function SectionEditor({
  sections,
  onChange,
  selected,
  onSelect,
  errors,
}: {
  sections: Section[];
  onChange(next: Section[]): void;
  selected: number | null;
  onSelect(index: number | null): void;
  errors?: Record<string, string>;
}) {
  // Stable keys for the sortable list: kept in step with the changes made here, made afresh when
  // the sections are replaced from outside (a page loaded, a revision restored).
  const keys = useRef<string[]>([]);
  if (keys.current.length !== sections.length) keys.current = sections.map(newKey);
  const [palette, setPalette] = useState(false);
  // The same ids on the server and in the browser (dnd-kit's own counter differs after hydration).
  const dndId = useId();

  const commit = (next: Section[], nextKeys: string[], select: number | null) => {
    keys.current = nextKeys;
    onChange(next);
    onSelect(select);
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = keys.current.indexOf(String(active.id));
    const to = keys.current.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    commit(arrayMove(sections, from, to), arrayMove(keys.current, from, to), follow(selected, from, to));
  }

  function add(section: Section) {
    const at = selected === null ? sections.length : selected + 1;
    const next = [...sections];
    next.splice(at, 0, section);
    const nextKeys = [...keys.current];
    nextKeys.splice(at, 0, newKey());
    commit(next, nextKeys, at);
    setPalette(false);
  }

  function duplicate(i: number) {
    // The copy drops the anchor: anchors are unique on a page.
    const { id: _anchor, ...copy } = structuredClone(sections[i]!);
    const next = [...sections];
    next.splice(i + 1, 0, copy as Section);
    const nextKeys = [...keys.current];
    nextKeys.splice(i + 1, 0, newKey());
    commit(next, nextKeys, i + 1);
  }

  function remove(i: number) {
    const sel = selected === null || selected < i ? selected : selected === i ? null : selected - 1;
    commit(
      sections.filter((_, j) => j !== i),
      keys.current.filter((_, j) => j !== i),
      sel,
    );
  }

  function toggleHidden(i: number) {
    const s = sections[i]!;
    const { hidden: _was, ...rest } = s;
    const next = sections.map((old, j) =>
      j === i ? ((s.hidden ? rest : { ...s, hidden: true }) as Section) : old,
    );
    onChange(next);
  }

  // One handler for the rows for the life of the list: a row draws again only when it changes.
  const latest = useRef({ selected, onSelect, duplicate, toggleHidden, remove });
  latest.current = { selected, onSelect, duplicate, toggleHidden, remove };
  const act = useCallback((action: RowAction, i: number) => {
    const l = latest.current;
    if (action === "select") l.onSelect(l.selected === i ? null : i);
    else if (action === "duplicate") l.duplicate(i);
    else if (action === "hide") l.toggleHidden(i);
    else l.remove(i);
  }, []);

  const issueCounts = useMemo(
    () =>
      sections.map(
        (s, i) => Object.keys({ ...errorsUnder(errors, `sections.${i}`), ...sectionIssues(s) }).length,
      ),
    [sections, errors],
  );

  const current = selected !== null ? sections[selected] : undefined;
  const formErrors = useMemo(
    () => (selected === null ? undefined : errorsUnder(errors, `sections.${selected}`)),
    [errors, selected],
  );
  const sectionsError = errors?.sections;

  return (
    <div className="section-editor">
      <div className="section-editor-head">
        <strong>区块（{sections.length}）</strong>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPalette(true)}>
          添加区块
        </Button>
      </div>
      {sectionsError && <div className="schema-form-error">{sectionsError}</div>}
      {sections.length === 0 ? (
        <Empty description="还没有区块，点“添加区块”开始" />
      ) : (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable: "按空格键拿起区块，用上下方向键移动，再按空格键放下，按 Esc 取消。",
            },
            announcements: {
              onDragStart: ({ active }) => `已拿起第 ${keys.current.indexOf(String(active.id)) + 1} 个区块`,
              onDragOver: ({ over }) =>
                over ? `移到第 ${keys.current.indexOf(String(over.id)) + 1} 个位置` : "不在列表上",
              onDragEnd: ({ over }) =>
                over ? `已放到第 ${keys.current.indexOf(String(over.id)) + 1} 个位置` : "已放下",
              onDragCancel: () => "已取消移动",
            },
          }}
        >
          <SortableContext items={keys.current} strategy={verticalListSortingStrategy}>
            <ol className="section-list" aria-label="区块列表">
              {sections.map((s, i) => (
                <SectionRow
                  key={keys.current[i]}
                  id={keys.current[i]!}
                  index={i}
                  section={s}
                  active={selected === i}
                  issues={issueCounts[i] ?? 0}
                  onAction={act}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {current && selected !== null && (
        <div className="section-form" aria-label={`编辑：${sectionLabel(current.type).title}`} role="region">
          <div className="section-form-head">
            <strong>{sectionLabel(current.type).title}</strong>
            <span className="schema-help">{sectionLabel(current.type).description}</span>
          </div>
          <SectionForm
            key={keys.current[selected]}
            value={current}
            errors={formErrors}
            onChange={(v) => onChange(sections.map((old, j) => (j === selected ? v : old)))}
          />
        </div>
      )}
      <SectionPalette open={palette} onClose={() => setPalette(false)} onAdd={add} />
    </div>
  );
});

/** The form of one section: its type's own, or the one made from its schema. */
function SectionForm({ value, onChange, errors }: SectionFormProps) {
  const Own = ownForm(value.type);
  if (Own) return <Own value={value} onChange={onChange} errors={errors} />;
  return (
    <SchemaForm
      schema={SECTION_SCHEMAS[value.type] as unknown as z.ZodType}
      value={value}
      errors={errors}
      trailing={SHARED_SETTINGS}
      onChange={(v) => onChange(v as Section)}
    />
  );
}

type RowAction = "select" | "duplicate" | "hide" | "remove";

const SectionRow = memo(function SectionRow({
  id,
  index,
  section,
  active,
  issues,
  onAction,
}: {
  id: string;
  index: number;
  section: Section;
  active: boolean;
  issues: number;
  onAction(action: RowAction, index: number): void;
}) {
  const onSelect = () => onAction("select", index);
  const onDuplicate = () => onAction("duplicate", index);
  const onToggleHidden = () => onAction("hide", index);
  const onRemove = () => onAction("remove", index);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const { title } = sectionLabel(section.type);
  const text = sectionTitle(section);
  const name = text ? `${title}：${text}` : title;
  return (
    <li
      ref={setNodeRef}
      className={`section-row${active ? " is-active" : ""}${section.hidden ? " is-hidden" : ""}${isDragging ? " is-dragging" : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-section-index={index}
    >
      <button
        type="button"
        className="section-row-handle"
        aria-label={`拖动或用方向键移动：${name}`}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <button type="button" className="section-row-main" aria-pressed={active} onClick={onSelect}>
        <span className="section-row-index">{index + 1}</span>
        <span className="section-row-type">{title}</span>
        {text && <span className="section-row-title">{text}</span>}
        {section.hidden && <span className="section-row-flag">已隐藏</span>}
        {issues > 0 && <Badge count={issues} title={`${issues} 处需要修改`} />}
      </button>
      <Tooltip title="复制">
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          aria-label={`复制：${name}`}
          onClick={onDuplicate}
        />
      </Tooltip>
      <Tooltip title={section.hidden ? "显示" : "隐藏"}>
        <Button
          size="small"
          type="text"
          icon={section.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          aria-label={`${section.hidden ? "显示" : "隐藏"}：${name}`}
          aria-pressed={!!section.hidden}
          onClick={onToggleHidden}
        />
      </Tooltip>
      <Popconfirm title="删除这个区块？" okText="删除" cancelText="取消" onConfirm={onRemove}>
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除：${name}`} />
      </Popconfirm>
    </li>
  );
});
