import { DeleteOutlined, UploadOutlined } from "@ant-design/icons";
import { App, Button, Space, Upload } from "antd";
import { useState } from "react";
import { StoredImageSchema } from "../../../contract/answers";
import { useApi, useShowApiError } from "./api";

export type ImageKind = "cover" | "banner" | "ad" | "partner" | "activity" | "travel" | "body";

/** Uploads one picture (resized on the server to the widths the site uses) and returns its path. */
export function useImageUpload(kind: ImageKind) {
  const api = useApi();
  return async (file: File): Promise<string> => {
    const form = new FormData();
    form.set("file", file);
    const stored = await api("POST", `/api/admin/upload?kind=${kind}`, form, StoredImageSchema);
    return stored.url;
  };
}

/** A picture field for antd forms: value is the stored path; shows a preview and a replace button. */
export function ImageField({
  value,
  onChange,
  kind,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  kind: ImageKind;
  id?: string;
}) {
  const upload = useImageUpload(kind);
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [busy, setBusy] = useState(false);
  return (
    <div className="image-field" id={id}>
      {value ? (
        <img src={value} alt="已上传的图片" className={`image-field-preview image-field-${kind}`} />
      ) : (
        <div className="image-field-empty">暂无图片</div>
      )}
      <Space>
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            try {
              const url = await upload(file as File);
              onChange?.(url);
              onSuccess?.(url);
              message.success("图片已上传");
            } catch (err) {
              showApiError(err);
              onError?.(err as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {value ? "更换图片" : "上传图片"}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.("")}>
            移除
          </Button>
        )}
      </Space>
    </div>
  );
}
