import { App, Card, Col, Empty, List, Row, Segmented, Statistic, Typography } from "antd";
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
import type { Dashboard as DashboardData } from "../../../contract/admin";
import { DashboardSchema } from "../../../contract/answers";
import type { Route } from "./+types/dashboard";
import { NO_STORE, useApi, useConsoleSession, yuan } from "./api";
import { BackupWarning } from "./BackupWarning";

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

function Ranked({
  items,
  empty,
}: {
  items: { key: string; label: React.ReactNode; value: number; unit: string }[];
  empty: string;
}) {
  if (items.length === 0) return <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
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
  );
}

/** Charts render in the browser only (they measure their container). */
function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export default function Dashboard() {
  const api = useApi();
  const { user } = useConsoleSession();
  const { message } = App.useApp();
  const [days, setDays] = useState(30);
  const [data, setData] = useState<DashboardData | null>(null);
  const mounted = useMounted();
  const admin = user.role === "admin";

  useEffect(() => {
    api("GET", `/api/admin/dashboard?days=${days}`, undefined, DashboardSchema)
      .then(setData)
      .catch((err: Error) => message.error(err.message));
  }, [api, days, message]);

  const chart = (height: number, node: React.ReactElement) =>
    mounted && data ? (
      <ResponsiveContainer width="100%" height={height}>
        {node}
      </ResponsiveContainer>
    ) : (
      <div style={{ height }} />
    );

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
            <Card title="每日线索" size="small">
              {chart(
                260,
                <BarChart data={data?.leadsPerDay ?? []}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
                  <YAxis allowDecimals={false} fontSize={12} width={32} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="business" name="商家合作" stackId="a" fill={BRAND} />
                  <Bar dataKey="expert" name="达人合作" stackId="a" fill={BLUE} />
                </BarChart>,
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="每日订单" size="small">
              {chart(
                260,
                <LineChart data={data?.ordersPerDay ?? []}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
                  <YAxis allowDecimals={false} fontSize={12} width={32} />
                  <Tooltip />
                  <Legend />
                  <Line
                    type="monotone"
                    dataKey="orders"
                    name="下单"
                    stroke={BLUE}
                    dot={false}
                    strokeWidth={2}
                  />
                  <Line
                    type="monotone"
                    dataKey="paid"
                    name="已支付"
                    stroke={GREEN}
                    dot={false}
                    strokeWidth={2}
                  />
                </LineChart>,
              )}
            </Card>
          </Col>
          <Col xs={24}>
            <Card title="每日已支付金额（元）" size="small">
              {chart(
                220,
                <BarChart data={data?.ordersPerDay ?? []}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
                  <YAxis fontSize={12} width={56} />
                  <Tooltip formatter={(v) => yuan(Number(v))} />
                  <Bar dataKey="revenue" name="已支付金额" fill={BRAND} />
                </BarChart>,
              )}
            </Card>
          </Col>
        </Row>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={10}>
          <Card title="阅读最多的文章" size="small">
            <Ranked
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
          </Card>
        </Col>
        <Col xs={24} md={12} lg={7}>
          <Card title="热门搜索词" size="small">
            <Ranked
              empty="还没有搜索"
              items={(data?.topKeywords ?? []).map((k) => ({
                key: k.keyword,
                label: k.keyword,
                value: k.searches,
                unit: "次",
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} md={12} lg={7}>
          <Card
            title="没有结果的搜索"
            size="small"
            extra={<span className="console-muted">读者在找、网站还没有的内容</span>}
          >
            <Ranked
              empty="所有搜索都有结果"
              items={(data?.zeroResults ?? []).map((k) => ({
                key: k.keyword,
                label: k.keyword,
                value: k.searches,
                unit: "次",
              }))}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
