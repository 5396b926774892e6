import { Alert, Typography } from "antd";
import type { RemoteImagesReport } from "../../../contract/answers";

/**
 * After a save (an article's or a landing page's): the outside pictures that could not be kept as
 * the site's own, by address with the reason (docs/product.md "Remote pictures"). Nothing when all
 * were kept.
 */
export function RemoteImagesAlert({
  report,
  onClose,
}: {
  report: RemoteImagesReport | null;
  onClose: () => void;
}) {
  if (!report || report.failed.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose }}
      className="remote-images-report"
      style={{ marginBottom: 16 }}
      title={`${report.failed.length} 张外部图片未能转存，仍使用原地址（其他网站的图片可能无法显示）`}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {report.failed.map((f) => (
            <li key={f.url}>
              <Typography.Text code style={{ wordBreak: "break-all" }}>
                {f.url}
              </Typography.Text>
              ：{f.reason}
            </li>
          ))}
        </ul>
      }
    />
  );
}
