import { Card, Col, Empty, List, Row, Segmented, Statistic, Typography } from "antd";
import { useEffect, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { DashboardSchema } from "../../../contract/answers";
import type { Route } from "./+types/dashboard";
import { NO_STORE, useConsoleSession, yuan } from "./api";
import { BackupWarning } from "./BackupWarning";
import { useApiGet } from "./data";

export function headers() {
  return NO_STORE;
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "概览 - 编辑后台" }];
}

const BRAND = "#E8380D";
const BLUE = "#3370FF";
const GREEN = "#00B42A";
const shortDay = (d: string) => d.slice(5);

/** Keyword rows (searches) as ranked items. */
const keywordItems = (rows: { keyword: string; searches: number }[]) =>
  rows.map((k) => ({ key: k.keyword, label: k.keyword, value: k.searches, unit: "次" }));

/** A ranked list in a small card, or `empty` when there is nothing to rank. */
function Ranked({
  title,
  extra,
  items,
  empty,
}: {
  title: string;
  extra?: React.ReactNode;
  items: { key: string; label: React.ReactNode; value: number; unit: string }[];
  empty: string;
}) {
  return (
    <Card title={title} size="small" extra={extra}>
      {items.length === 0 ? (
        <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(it, i) => (
            <List.Item extra={<span className="console-num">{`${it.value} ${it.unit}`}</span>}>
              <span className={`console-rank console-rank-${i < 3 ? "top" : "rest"}`}>{i + 1}</span>
              <span className="console-ellipsis">{it.label}</span>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** Charts render in the browser only (they measure their container). */
function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** One value a daily chart draws: the row's field, its name in the legend and tooltip, its colour. */
interface Series {
  key: string;
  name: string;
  color: string;
}

/**
 * Values per day in a small card, as bars (stacked when `stacked`) or lines. Counts have whole-number
 * ticks; a `money` chart has a wider axis and yuan in its tooltip. A legend names the series when there
 * are several. Until the browser has mounted it and the rows are there, an empty box of its height.
 */
function DailyChart({
  title,
  height = 260,
  rows,
  kind,
  series,
  stacked = false,
  money = false,
}: {
  title: string;
  height?: number;
  rows: { day: string }[] | undefined;
  kind: "bar" | "line";
  series: Series[];
  stacked?: boolean;
  money?: boolean;
}) {
  const mounted = useMounted();
  const Chart = kind === "bar" ? BarChart : LineChart;
  return (
    <Card title={title} size="small">
      {mounted && rows ? (
        <ResponsiveContainer width="100%" height={height}>
          <Chart data={rows}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
            <YAxis allowDecimals={money} fontSize={12} width={money ? 56 : 32} />
            <Tooltip formatter={money ? (v) => yuan(Number(v)) : undefined} />
            {series.length > 1 && <Legend />}
            {series.map((s) =>
              kind === "bar" ? (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  stackId={stacked ? "a" : undefined}
                  fill={s.color}
                />
              ) : (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.name}
                  stroke={s.color}
                  dot={false}
                  strokeWidth={2}
                />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      ) : (
        <div style={{ height }} />
      )}
    </Card>
  );
}

const LEADS: Series[] = [
  { key: "business", name: "商家合作", color: BRAND },
  { key: "expert", name: "达人合作", color: BLUE },
];
const ORDERS: Series[] = [
  { key: "orders", name: "下单", color: BLUE },
  { key: "paid", name: "已支付", color: GREEN },
];
const REVENUE: Series[] = [{ key: "revenue", name: "已支付金额", color: BRAND }];

export default function Dashboard() {
  const { user } = useConsoleSession();
  const [days, setDays] = useState(30);
  const { data } = useApiGet(`/api/admin/dashboard?days=${days}`, DashboardSchema);
  const admin = user.role === "admin";

  return (
    <div className="console-dashboard">
      <BackupWarning />
      <div className="console-dashboard-head">
        <Typography.Title level={4} style={{ margin: 0 }}>
          概览
        </Typography.Title>
        <Segmented
          value={days}
          onChange={(v) => setDays(Number(v))}
          options={[
            { value: 7, label: "近 7 天" },
            { value: 30, label: "近 30 天" },
            { value: 90, label: "近 90 天" },
          ]}
        />
      </div>
      {admin && (
        <Row gutter={[16, 16]}>
          {[
            { title: "线索", value: data?.totals.leads ?? 0 },
            { title: "待跟进线索", value: data?.totals.newLeads ?? 0 },
            { title: "报名订单", value: data?.totals.orders ?? 0 },
            { title: "已支付订单", value: data?.totals.paidOrders ?? 0 },
          ].map((s) => (
            <Col xs={12} md={6} lg={4} key={s.title}>
              <Card size="small">
                <Statistic title={s.title} value={s.value} />
              </Card>
            </Col>
          ))}
          <Col xs={24} md={12} lg={8}>
            <Card size="small">
              <Statistic
                title="已支付金额（元）"
                value={data?.totals.revenue ?? 0}
                precision={2}
                styles={{ content: { color: BRAND } }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <DailyChart title="每日线索" kind="bar" stacked rows={data?.leadsPerDay} series={LEADS} />
          </Col>
          <Col xs={24} lg={12}>
            <DailyChart title="每日订单" kind="line" rows={data?.ordersPerDay} series={ORDERS} />
          </Col>
          <Col xs={24}>
            <DailyChart
              title="每日已支付金额（元）"
              kind="bar"
              money
              height={220}
              rows={data?.ordersPerDay}
              series={REVENUE}
            />
          </Col>
        </Row>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={10}>
          <Ranked
            title="阅读最多的文章"
            empty="还没有阅读数据"
            items={(data?.topArticles ?? []).map((a) => ({
              key: String(a.id),
              label: (
                <a href={`/articledetail/${a.id}`} target="_blank" rel="noreferrer">
                  {a.title}
                </a>
              ),
              value: a.views,
              unit: "次",
            }))}
          />
        </Col>
        <Col xs={24} md={12} lg={7}>
          <Ranked title="热门搜索词" empty="还没有搜索" items={keywordItems(data?.topKeywords ?? [])} />
        </Col>
        <Col xs={24} md={12} lg={7}>
          <Ranked
            title="没有结果的搜索"
            extra={<span className="console-muted">读者在找、网站还没有的内容</span>}
            empty="所有搜索都有结果"
            items={keywordItems(data?.zeroResults ?? [])}
          />
        </Col>
      </Row>
    </div>
  );
}
