import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { App, Button, Divider, Tooltip } from "antd";
import { type ReactNode, useEffect, useRef } from "react";
import { useShowApiError } from "./api";
import { useImageUpload } from "./ImageField";

const httpAddress = (v: string | null) => (v && /^https?:\/\//i.test(v.trim()) ? v.trim() : null);

/**
 * Pictures pasted from a WeChat article carry their address in `data-src` (with a placeholder or
 * nothing in `src`): that address is the picture's. The server fetches such pictures on save and
 * stores them as our own (docs/product.md "Remote pictures").
 */
const PastedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: {
        default: null,
        parseHTML: (el: HTMLElement) => httpAddress(el.getAttribute("data-src")) ?? el.getAttribute("src"),
      },
    };
  },
  parseHTML() {
    return [{ tag: "img[data-src]" }, { tag: 'img[src]:not([src^="data:"])' }];
  },
});

/**
 * The article body editor (TipTap). It only produces what the site's allow-list keeps (paragraphs,
 * h2-h4, lists, quotes, links, pictures, tables pasted in are dropped to text); the server
 * sanitises again on save, so what is saved is exactly what the site renders.
 */
export function RichTextEditor({
  value,
  onChange,
  id,
  placeholder,
  compact = false,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  placeholder?: string;
  /** short rich text (a landing section's HTML field): bold, italic, links and line breaks only */
  compact?: boolean;
}) {
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const upload = useImageUpload("body");
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
      PastedImage,
    ],
    content: value ?? "",
    editorProps: {
      attributes: {
        class: compact ? "rte-content rte-compact" : "rte-content article-body",
        "aria-label": placeholder ?? "正文",
        role: "textbox",
        "aria-multiline": "true",
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? "" : e.getHTML()),
  });

  // A value set from outside (an article loaded after the editor mounted) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if ((value ?? "") !== current) editor.commands.setContent(value ?? "", { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            strike: e.isActive("strike"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            quote: e.isActive("blockquote"),
            link: e.isActive("link"),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  const chain = () => editor!.chain().focus();
  const tool = (
    label: string,
    icon: ReactNode,
    active: boolean | undefined,
    run: () => void,
    disabled = false,
  ) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? "primary" : "text"}
        icon={icon}
        aria-label={label}
        aria-pressed={active ?? false}
        disabled={!editor || disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const text = (label: string, short: string, active: boolean | undefined, run: () => void) => (
    <Tooltip title={label} key={label}>
      <Button
        size="small"
        type={active ? "primary" : "text"}
        aria-label={label}
        aria-pressed={active ?? false}
        disabled={!editor}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      >
        {short}
      </Button>
    </Tooltip>
  );

  function setLink() {
    const previous = (editor?.getAttributes("link").href as string | undefined) ?? "https://";
    const href = window.prompt("链接地址（留空则取消链接）", previous);
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else if (!/^(https?:\/\/|\/|mailto:)/.test(href.trim()))
      message.error("链接须以 http(s)://、/ 或 mailto: 开头");
    else chain().extendMarkRange("link").setLink({ href: href.trim(), target: "_blank" }).run();
  }

  async function insertImage(file: File) {
    try {
      const src = await upload(file);
      chain().setImage({ src, alt: "" }).run();
    } catch (err) {
      showApiError(err);
    }
  }

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label="正文格式">
        {tool("加粗", <BoldOutlined />, state?.bold, () => chain().toggleBold().run())}
        {tool("斜体", <ItalicOutlined />, state?.italic, () => chain().toggleItalic().run())}
        {tool("下划线", <UnderlineOutlined />, state?.underline, () => chain().toggleUnderline().run())}
        {tool("删除线", <StrikethroughOutlined />, state?.strike, () => chain().toggleStrike().run())}
        {!compact && (
          <>
            <Divider orientation="vertical" />
            {text("二级标题", "H2", state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
            {text("三级标题", "H3", state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
            {text("引用", "“”", state?.quote, () => chain().toggleBlockquote().run())}
            {tool("无序列表", <UnorderedListOutlined />, state?.bullet, () =>
              chain().toggleBulletList().run(),
            )}
            {tool("有序列表", <OrderedListOutlined />, state?.ordered, () =>
              chain().toggleOrderedList().run(),
            )}
          </>
        )}
        <Divider orientation="vertical" />
        {tool("链接", <LinkOutlined />, state?.link, setLink)}
        {!compact && tool("插入图片", <PictureOutlined />, false, () => fileInput.current?.click())}
        {!compact && text("分隔线", "—", false, () => chain().setHorizontalRule().run())}
        {text("清除格式", "Tx", false, () => chain().unsetAllMarks().clearNodes().run())}
        <Divider orientation="vertical" />
        {tool("撤销", <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
        {tool("重做", <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          style={{ display: "none" }}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = "";
            if (f) void insertImage(f);
          }}
        />
      </div>
      <EditorContent editor={editor} className="rte-area" />
    </div>
  );
}
