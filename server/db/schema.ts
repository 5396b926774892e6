import type { Generated } from "kysely";

/**
 * The tables as the code sees them. Dates are ISO-8601 strings in both engines
 * (SQLite stores text, PostgreSQL timestamptz parsed to ISO); booleans come back as
 * 0/1 from SQLite and true/false from PostgreSQL and are normalised in services/rows.ts.
 */
type Bool = boolean | number;

export interface ColumnTable {
  id: number;
  name: string;
  sort_order: number;
  created_at: string;
}

export interface ArticleTable {
  id: Generated<number>;
  column_id: number;
  title: string;
  intro: string;
  content: string;
  thumb: string;
  author: string;
  hot: Bool;
  status: "published" | "scheduled" | "draft";
  created_at: string;
  updated_at: string;
  /** created_at in ms * 1024 + (id mod 1024): a rowid for the search index that sorts by recency */
  search_key: number | null;
  /** optional overrides of what search engines and shares show; "" = the article's own */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  share_image: Generated<string>;
  /** counted up by every save; a save from an older version is refused */
  version: Generated<number>;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
}

/** An article's reads, counted from its first (server/db/migrations/011_article_views.ts). */
export interface ArticleViewTable {
  article_id: number;
  views: Generated<number>;
}

export interface ArticleTagTable {
  article_id: number;
  tag_id: number;
  position: number;
}

export interface BannerTable {
  id: Generated<number>;
  column_id: number;
  name: string;
  link: string;
  image: string;
  sort_order: number;
  click_count: Generated<number>;
  created_at: string;
}

export interface PartnerTable {
  id: Generated<number>;
  name: string;
  thumb: string;
  link: string;
  sort_order: number;
}

export interface ActivityTable {
  id: Generated<number>;
  column_id: number;
  name: string;
  link: string;
  thumb: string;
  start_time: string;
  address: string;
  intro: string;
  status: string;
  guests: string;
  created_at: string;
}

export interface CooperationContactTable {
  id: Generated<number>;
  title: string;
  contact_name: string;
  phone: string;
  email: string;
  sort_order: number;
}

export interface TravelTabTable {
  id: number;
  list_key: string;
  name: string;
  sort_order: number;
}

export interface TravelItemTable {
  id: Generated<number>;
  tab_id: number;
  serial_num: number;
  pic_url: string;
  name: string;
  location: string;
  price_fen: number;
  password: string;
}

export interface ProductTable {
  id: number;
  name: string;
  price_fen: number;
  contract_html: string;
  requires_agreement: Bool;
  created_at: string;
}

export interface QuestionTable {
  id: number;
  /** null: a question every product shares (ids 1 and 23 are filled in by the form itself) */
  product_id: number | null;
  title: string;
  show_title: string;
  field: string;
  type: "INPUT" | "TEXTAREA" | "CHECKBOX" | "RADIO" | "CHECKBOX_INPUT";
  required: Bool;
  /** hidden questions are answered by the form (profession label, membership) and not listed */
  hidden: Bool;
  sort_order: number;
}

export interface QuestionOptionTable {
  id: Generated<number>;
  question_id: number;
  title: string;
  has_input: Bool;
  sort_order: number;
}

export interface SignupOrderTable {
  id: Generated<number>;
  order_no: string;
  product_id: number;
  shop_id: string | null;
  shop_name: string | null;
  profession: string;
  sign_way: string;
  company_name: string | null;
  signer: string;
  contact: string;
  /** AES-256-GCM ciphertext of the ID number, base64 */
  id_card_enc: string | null;
  id_card_masked: string | null;
  payer: string;
  quantity: number;
  unit_price_fen: number;
  total_fen: number;
  answers_json: string;
  status: "PENDING" | "PAID";
  idempotency_key: string | null;
  /** keyed digest (HMAC) of the normalised submit: a reused Idempotency-Key must carry the same form */
  request_hash: string | null;
  trade_no: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface McnLeadTable {
  id: Generated<number>;
  form: "business" | "expert";
  name: string;
  phone: string;
  brand: string | null;
  role: string | null;
  channel_nickname: string | null;
  channel_link: string | null;
  id_copy_pic: string | null;
  source_page: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  status: "new" | "contacted" | "closed";
  created_at: string;
}

export interface AdminUserTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  /** scrypt$N$r$p$salt$hash (base64) */
  password_hash: string;
  role: "admin" | "editor";
  disabled: Bool;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface AdminSessionTable {
  /** SHA-256 (hex) of the session cookie's token */
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip_hash: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  username: string;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  ip_hash: string | null;
  created_at: string;
}

export interface PreviewLinkTable {
  /** SHA-256 of the link's token */
  id: string;
  article_id: number;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ArticleRevisionTable {
  id: Generated<number>;
  article_id: number;
  version: number;
  title: string;
  intro: string;
  content: string;
  thumb: string;
  column_id: number;
  /** JSON array of tag names */
  tags: string;
  status: "published" | "scheduled" | "draft";
  published_at: string;
  saved_by: string;
  saved_at: string;
}

export type PushEngine = "baidu" | "indexnow";
/** pending: to send; done: accepted; failed: refused or given up; quota: Baidu's daily quota ran out */
export type PushStatus = "pending" | "done" | "failed" | "quota";

export interface SearchPushTable {
  id: Generated<number>;
  engine: PushEngine;
  /** the article's absolute URL (PUBLIC_URL + path) */
  url: string;
  article_id: number | null;
  status: PushStatus;
  /** sends that reached the engine or failed on the way (a quota refusal does not count) */
  attempts: Generated<number>;
  next_attempt_at: string;
  /** while set and ahead, one instance is sending the row */
  claimed_until: string | null;
  last_status_code: number | null;
  last_answer: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface SearchLogTable {
  /** Beijing date, YYYY-MM-DD */
  day: string;
  keyword: string;
  searches: number;
  zero_results: number;
  last_result_count: number;
}

export interface DB {
  columns: ColumnTable;
  articles: ArticleTable;
  article_views: ArticleViewTable;
  tags: TagTable;
  article_tags: ArticleTagTable;
  banners: BannerTable;
  partners: PartnerTable;
  activities: ActivityTable;
  cooperation_contacts: CooperationContactTable;
  /** travel lists: the tables keep the original site's name (fliggy) */
  fliggy_tabs: TravelTabTable;
  fliggy_items: TravelItemTable;
  products: ProductTable;
  questions: QuestionTable;
  question_options: QuestionOptionTable;
  signup_orders: SignupOrderTable;
  mcn_leads: McnLeadTable;
  admin_users: AdminUserTable;
  admin_sessions: AdminSessionTable;
  audit_log: AuditLogTable;
  search_log: SearchLogTable;
  preview_links: PreviewLinkTable;
  article_revisions: ArticleRevisionTable;
  search_pushes: SearchPushTable;
}
