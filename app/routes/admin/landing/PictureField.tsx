import { Form, Input, InputNumber, Space } from "antd";
import type { ReactNode } from "react";
import { ImageField, type ImageKind } from "../ImageField";
import { suggestedSize } from "./schema-fields";

/** The fields of a picture (contract/landing.ts PicSchema) this field edits itself; the rest follow as usual. */
export const PICTURE_OWN_FIELDS = ["type", "src", "alt", "w", "h"];

/** Wide pictures are stored at the banner widths, the others at the cover widths (server/services/images.ts). */
const kindFor = (description?: string): ImageKind =>
  (suggestedSize(description)?.w ?? 0) >= 1000 ? "banner" : "cover";

/** The natural size of a picture at an address, once it has loaded (null if it does not load). */
function naturalSize(src: string): Promise<{ w: number; h: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth ? { w: img.naturalWidth, h: img.naturalHeight } : null);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

/**
 * A landing picture: upload (the console's ImageField, stored at the widths its size suggests) or an
 * address, the text read instead of it (required), and its natural size, filled in from the picture.
 */
export function PictureField({
  label,
  description,
  value,
  onChange,
  issueOf,
  idOf,
  extra,
  children,
}: {
  label: string;
  description?: string;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  issueOf: (key: string) => string | undefined;
  idOf: (key: string) => string;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const size = suggestedSize(description);
  const src = typeof value.src === "string" ? value.src : "";
  const setSrc = async (next: string) => {
    const measured = next ? await naturalSize(next) : null;
    onChange({ ...value, src: next, ...measured });
  };
  const status = (key: string) => (issueOf(key) ? ("error" as const) : undefined);
  return (
    <fieldset className="schema-fieldset schema-picture">
      <legend>
        {label} {extra}
      </legend>
      <div className="schema-help">
        {size ? `建议尺寸 ${size.w}×${size.h} 像素；` : ""}JPG、PNG 或 WebP，上传后按用途缩放
      </div>
      <Form.Item label="图片" validateStatus={status("src")} help={issueOf("src")}>
        <ImageField
          value={src}
          onChange={(v) => void setSrc(v)}
          kind={kindFor(description)}
          id={idOf("src")}
        />
      </Form.Item>
      <Form.Item label="图片地址" htmlFor={idOf("src-address")} extra="也可填写站内地址或 http(s) 图片地址">
        <Input
          id={idOf("src-address")}
          value={src}
          onChange={(e) => onChange({ ...value, src: e.target.value })}
          onBlur={(e) => void setSrc(e.target.value.trim())}
        />
      </Form.Item>
      <Form.Item
        label="替代文字"
        required
        htmlFor={idOf("alt")}
        validateStatus={status("alt")}
        help={issueOf("alt")}
        extra="图片无法显示时与读屏软件读出的文字"
      >
        <Input
          id={idOf("alt")}
          value={typeof value.alt === "string" ? value.alt : ""}
          count={{ show: true, max: 100 }}
          onChange={(e) => onChange({ ...value, alt: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label="原始尺寸（宽 × 高，像素）"
        validateStatus={status("w") ?? status("h")}
        help={issueOf("w") ?? issueOf("h")}
        extra="选择图片后自动填写"
      >
        <Space>
          <InputNumber
            aria-label="宽度"
            id={idOf("w")}
            min={1}
            max={10_000}
            precision={0}
            value={typeof value.w === "number" ? value.w : null}
            onChange={(w) => onChange({ ...value, w: w ?? undefined })}
          />
          ×
          <InputNumber
            aria-label="高度"
            id={idOf("h")}
            min={1}
            max={10_000}
            precision={0}
            value={typeof value.h === "number" ? value.h : null}
            onChange={(h) => onChange({ ...value, h: h ?? undefined })}
          />
        </Space>
      </Form.Item>
      {children}
    </fieldset>
  );
}
