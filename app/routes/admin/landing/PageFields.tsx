import { Col, Form, type FormInstance, Input, Radio, Row, Typography } from "antd";
import { memo } from "react";
import type { LandingPage } from "../../../../contract/landing";
import { ImageField } from "../ImageField";
import { pathFeedback, usePathCheck } from "./path-check";
import { ShareCard } from "./ShareCard";

/** The page's own fields as the form holds them (empty share fields: the fallbacks apply). */
export interface PageFieldValues {
  name: string;
  path: string;
  title: string;
  description: string;
  layout: "landing" | "news";
  shareTitle: string;
  shareDescription: string;
  shareImage: string;
}

export const PAGE_FIELDS: (keyof PageFieldValues)[] = [
  "name",
  "path",
  "title",
  "description",
  "layout",
  "shareTitle",
  "shareDescription",
  "shareImage",
];

export const fieldsOf = (p: LandingPage): PageFieldValues => ({
  name: p.name,
  path: p.path,
  title: p.title,
  description: p.description,
  layout: p.layout ?? "landing",
  shareTitle: p.shareTitle ?? "",
  shareDescription: p.shareDescription ?? "",
  shareImage: p.shareImage ?? "",
});

/** The page from the form's fields and the sections: empty optional fields are left out. */
export function pageFrom(v: PageFieldValues, sections: LandingPage["sections"]): LandingPage {
  const trimmed = (s: string | undefined) => (s ?? "").trim();
  return {
    path: trimmed(v.path),
    name: v.name ?? "",
    title: v.title ?? "",
    description: v.description ?? "",
    ...(trimmed(v.shareTitle) ? { shareTitle: v.shareTitle } : {}),
    ...(trimmed(v.shareDescription) ? { shareDescription: v.shareDescription } : {}),
    ...(trimmed(v.shareImage) ? { shareImage: v.shareImage } : {}),
    layout: v.layout ?? "landing",
    sections,
  };
}

/**
 * 页面设置: name, path (checked as it is typed), the texts search engines show, the frame, and the
 * WeChat share card with its preview as a chat shows it.
 */
export const PageFields = memo(function PageFields({
  form,
  pageId,
  storedPath,
  onChange,
}: {
  form: FormInstance<PageFieldValues>;
  pageId: number;
  /** the path as stored: not checked again while it is unchanged */
  storedPath: string;
  onChange: (values: PageFieldValues) => void;
}) {
  const v = Form.useWatch([], form) as PageFieldValues | undefined;
  const check = usePathCheck(v?.path === storedPath ? undefined : v?.path, pageId);
  return (
    <Form<PageFieldValues>
      form={form}
      layout="vertical"
      onValuesChange={(_changed, all) => onChange(all)}
      className="landing-page-fields"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="页面名称" name="name" required extra="显示在页面顶部栏和后台列表">
            <Input maxLength={30} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="页面路径"
            name="path"
            required
            hasFeedback
            {...pathFeedback(check)}
            extra="修改已发布页面的路径后，旧地址会 301 跳转到新地址"
          >
            <Input placeholder="/activity/…" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="页面标题" name="title" required extra="浏览器标签和搜索结果中的标题">
        <Input maxLength={80} showCount />
      </Form.Item>
      <Form.Item
        label="页面描述"
        name="description"
        required
        extra="搜索结果摘要；不填分享描述时也用于微信分享卡片"
      >
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
      <Form.Item label="页面框架" name="layout">
        <Radio.Group
          options={[
            { value: "landing", label: "营销页框架（简洁顶栏与页脚）" },
            { value: "news", label: "资讯站框架（适合专题文章列表）" },
          ]}
        />
      </Form.Item>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        微信分享卡片
      </Typography.Title>
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          <Form.Item label="分享标题" name="shareTitle" extra="不填则用页面标题">
            <Input maxLength={80} showCount />
          </Form.Item>
          <Form.Item label="分享描述" name="shareDescription" extra="不填则用页面描述">
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
          <Form.Item label="分享图片" name="shareImage" extra="建议 300×300 的正方形图片；不填则用站点图标">
            <ImageField kind="cover" />
          </Form.Item>
        </Col>
        <Col xs={24} xl={10}>
          <ShareCard
            title={v?.title}
            description={v?.description}
            shareTitle={v?.shareTitle}
            shareDescription={v?.shareDescription}
            shareImage={v?.shareImage}
          />
        </Col>
      </Row>
    </Form>
  );
});
