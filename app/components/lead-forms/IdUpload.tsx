import { ConfigProvider, Upload, type UploadFile, type UploadProps } from "antd";
import zhCN from "antd/locale/zh_CN";
import { readAnswer } from "../../../contract/envelope";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, UPLOAD_TYPES, UploadResultSchema } from "../../../contract/mcn";
import { ZERO_RUNTIME_THEME } from "../../ui/antd-feedback";
import { toast } from "../../ui/feedback";
import { PlusIcon } from "../../ui/icons";

/** The stored picture's path from an upload's answer, or undefined (a failure, or an answer of another shape). */
const pictureOf = (response: unknown): string | undefined => {
  const answer = readAnswer(response, UploadResultSchema);
  return answer.ok ? answer.data.result : undefined;
};
/** The server's message of a failed upload, if it gave one. */
const messageOf = (response: unknown): string | undefined => readAnswer(response, UploadResultSchema).message;

export interface IdUploadProps {
  files: UploadFile[];
  setFiles: (files: UploadFile[]) => void;
  /** The stored picture's path once uploaded; undefined when removed or failed. */
  onPicture: (path: string | undefined) => void;
}

/**
 * The ID-copy picture of the influencer form: antd's picture-card upload, loaded after the form
 * shows (LeadForms.tsx), without antd's style runtime (antd-visitor.css styles it).
 */
export default function IdUpload({ files, setFiles, onPicture }: IdUploadProps) {
  const beforeUpload: UploadProps["beforeUpload"] = (file) => {
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      toast.error(UPLOAD_MESSAGES.type);
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      toast.error(UPLOAD_MESSAGES.tooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const onChange: UploadProps["onChange"] = ({ file, fileList }) => {
    // The preview is the browser's own copy (antd's thumbUrl of the chosen file): the stored
    // picture is private and the server never answers its path.
    const list = fileList.slice(-1);
    if (file.status === "done") onPicture(pictureOf(file.response));
    if (file.status === "error") {
      onPicture(undefined);
      toast.error(messageOf(file.response) ?? UPLOAD_MESSAGES.failure);
      setFiles([]);
      return;
    }
    setFiles(list);
  };

  return (
    <ConfigProvider locale={zhCN} theme={ZERO_RUNTIME_THEME}>
      <Upload
        name="file"
        action="/api/upload"
        accept={UPLOAD_TYPES.join(",")}
        listType="picture-card"
        maxCount={1}
        fileList={files}
        beforeUpload={beforeUpload}
        onChange={onChange}
        onRemove={() => {
          onPicture(undefined);
          setFiles([]);
        }}
        showUploadList={{ showPreviewIcon: false }}
      >
        {files.length >= 1 ? null : (
          <button type="button" className="mcn-upload-btn">
            <PlusIcon />
            <span>上传图片</span>
          </button>
        )}
      </Upload>
    </ConfigProvider>
  );
}
