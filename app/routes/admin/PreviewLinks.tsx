import { App, Button, List, Popconfirm, Space, Tag, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { PreviewCreatedSchema, type PreviewLink, PreviewLinkSchema } from "../../../contract/previews";
import { formatDateTime, useApi, useShowApiError } from "./api";

/**
 * Preview links of an unpublished article or landing page (docs/product.md, "Previews"): make one
 * (valid 7 days), copy it for someone without an account, revoke it. A new link's address is shown
 * once. `base` is the content's previews endpoint (`/api/admin/articles/7/previews`).
 */
export function PreviewLinks({ base }: { base: string }) {
  const api = useApi();
  const { message } = App.useApp();
  const showApiError = useShowApiError();
  const [links, setLinks] = useState<PreviewLink[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setLinks(await api("GET", base, undefined, z.array(PreviewLinkSchema)));
    } catch (err) {
      showApiError(err);
    }
  }, [api, base, showApiError]);
  useEffect(() => void load(), [load]);

  async function create() {
    try {
      const made = await api("POST", base, {}, PreviewCreatedSchema);
      setFresh(`${window.location.origin}${made.path}`);
      void load();
    } catch (err) {
      showApiError(err);
    }
  }
  async function revoke(link: PreviewLink) {
    try {
      await api("DELETE", `${base}?link=${link.id}`, undefined, PreviewLinkSchema);
      message.success("预览链接已撤销");
      void load();
    } catch (err) {
      showApiError(err);
    }
  }

  const state = (l: PreviewLink) =>
    l.revokedAt ? (
      <Tag>已撤销</Tag>
    ) : Date.parse(l.expiresAt) <= Date.now() ? (
      <Tag>已过期</Tag>
    ) : (
      <Tag color="green">有效至 {formatDateTime(l.expiresAt)}</Tag>
    );

  return (
    <div className="preview-links">
      <Space direction="vertical" style={{ width: "100%" }}>
        <Button onClick={create} block>
          生成预览链接
        </Button>
        {fresh && (
          <Typography.Paragraph
            copyable={{ text: fresh, tooltips: ["复制", "已复制"] }}
            className="preview-fresh"
          >
            {fresh}
          </Typography.Paragraph>
        )}
        {links.length > 0 && (
          <List
            size="small"
            dataSource={links}
            renderItem={(l) => (
              <List.Item
                actions={
                  l.revokedAt
                    ? []
                    : [
                        <Popconfirm key="revoke" title="撤销后此链接将无法打开" onConfirm={() => revoke(l)}>
                          <Button type="link" size="small" danger>
                            撤销
                          </Button>
                        </Popconfirm>,
                      ]
                }
              >
                <Space size={4} wrap>
                  {state(l)}
                  <span>
                    {l.createdBy} · {formatDateTime(l.createdAt)}
                  </span>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
    </div>
  );
}
