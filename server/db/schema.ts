import type { ColumnType, Generated } from "kysely";

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
  /** the slug it had where it came from (WordPress's post_name, decoded); unique where set */
  slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** the original's address when imported (its WordPress permalink, its WeChat link) */
  source_url: Generated<string>;
  /** the article's WeChat (公众号) link */
  wechat_url: Generated<string>;
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
  /** the article it opens, or null: the landing page */
  article_id: number | null;
  /** the landing page it opens (no foreign key: see migration 017), or null: the article */
  landing_page_id: number | null;
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

/** 同步到公众号 (server/db/migrations/013_wechat_sync.ts, docs/product.md "WeChat sync"). */
export type WechatSyncState = "pending" | "done" | "failed";
export type WechatSyncStepName = "pictures" | "cover" | "draft" | "submit" | "status" | "done";

export interface WechatSyncJobTable {
  id: Generated<number>;
  article_id: number;
  /** the 公众号 synced to (WECHAT_APP_ID then) */
  app_id: string;
  action: "draft" | "publish";
  state: WechatSyncState;
  step: WechatSyncStepName;
  /** the title sent */
  title: string;
  /** JSON: the article as it is sent (services/wechat-sync/rows.ts, JobPayload) */
  payload: string;
  /** JSON: each body picture's address → its WeChat address, as uploaded */
  pictures: Generated<string>;
  thumb_media_id: string | null;
  draft_media_id: string | null;
  /** true when the draft of an earlier sync was updated (draft/update) */
  updated_draft: Generated<Bool>;
  /** set just before draft/add and freepublish/submit: a resumed step looks for what it may have made */
  draft_started_at: string | null;
  submit_started_at: string | null;
  publish_id: string | null;
  publish_status: number | null;
  /** the article's WeChat link once published */
  article_url: string | null;
  error_code: number | null;
  /** Chinese: why it failed, or what it waits for */
  error: Generated<string>;
  /** failed tries of the current step (WeChat busy, the network), reset when a step is done */
  attempts: Generated<number>;
  /** freepublish/get calls made while the publish is under way */
  polls: Generated<number>;
  next_attempt_at: string;
  /** while set and ahead, the instance holding claim_token runs the job */
  claimed_until: string | null;
  claim_token: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** A picture uploaded to the 公众号, by the SHA-256 of the site's bytes. */
export interface WechatMediaTable {
  id: Generated<number>;
  app_id: string;
  /** body: media/uploadimg (url); thumb: material/add_material?type=thumb (media_id) */
  kind: "body" | "thumb";
  source_hash: string;
  url: Generated<string>;
  media_id: string | null;
  /** the size sent */
  bytes: number;
  created_at: string;
}

export interface SearchLogTable {
  /** Beijing date, YYYY-MM-DD */
  day: string;
  keyword: string;
  searches: number;
  zero_results: number;
  last_result_count: number;
}

/** An old address answering 301 (server/services/redirects.ts): to an article, or to a path of the site. */
export interface RedirectTable {
  id: Generated<number>;
  /** normalised: percent-decoded, lower case, no trailing slash */
  path: string;
  /** the query parameters that select it (`p=12` for `/?p=12`), sorted; "" for the path alone */
  query: Generated<string>;
  article_id: number | null;
  /** where it goes when it names no article: a path of the site or an http(s) URL */
  target: Generated<string>;
  /** import (a WordPress import) or editor (added in the console) */
  origin: "import" | "editor";
  /** the imported site it belongs to, "" for an editor's */
  site: Generated<string>;
  created_by: Generated<string>;
  created_at: string;
}

export type ImportKind = "wordpress" | "wechat";
/** analysed: read and waiting for its column mapping; running; done; failed (nothing or part written) */
export type ImportJobStatus = "analysing" | "analysed" | "running" | "done" | "failed";

export interface ImportJobTable {
  id: Generated<number>;
  kind: ImportKind;
  status: ImportJobStatus;
  dry_run: Generated<Bool>;
  file_name: Generated<string>;
  file_path: Generated<string>;
  file_bytes: Generated<number>;
  /** the source site's key (host and path of its address, lower case) */
  site: Generated<string>;
  site_title: Generated<string>;
  /** JSON: the column mapping and the WeChat addresses */
  options: Generated<string>;
  /** JSON: what the reading found (counts, categories, authors) */
  analysis: Generated<string>;
  total: Generated<number>;
  processed: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  skipped: Generated<number>;
  failed: Generated<number>;
  /** JSON: the report's notes, one per item worth a line */
  report: Generated<string>;
  error: Generated<string>;
  created_by: Generated<string>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** moved while the job runs: a running job whose heartbeat stopped was interrupted */
  heartbeat_at: string | null;
}

/** A source item already imported: a re-run skips it when unchanged, updates it when changed. */
export interface ImportItemTable {
  site: string;
  source_id: string;
  kind: ImportKind;
  /** null: the article was deleted here since (a re-run leaves it deleted) */
  article_id: number | null;
  /** SHA-256 of what the source said */
  hash: string;
  /** the article's version the import wrote: a later version means an editor changed it here */
  article_version: Generated<number>;
  job_id: number | null;
  imported_at: string;
  updated_at: string;
}

export type LandingStatus = "draft" | "scheduled" | "published" | "offline";

export interface LandingPageTable {
  id: Generated<number>;
  /** as the editor wrote it (links and the canonical URL use it) */
  path: string;
  /** the path in lower case: unique, what a request is looked up by */
  path_key: string;
  name: string;
  seo_title: string;
  seo_description: string;
  /** "": the page's title, description, site icon */
  share_title: Generated<string>;
  share_description: Generated<string>;
  share_image: Generated<string>;
  layout: Generated<"landing" | "news">;
  status: LandingStatus;
  /** when a scheduled page goes public */
  publish_at: string | null;
  /** the sections as JSON (contract/landing.ts SectionSchema[]) */
  sections: string;
  version: Generated<number>;
  created_by: Generated<string>;
  created_at: string;
  updated_by: Generated<string>;
  updated_at: string;
}

export interface LandingPageRevisionTable {
  id: Generated<number>;
  page_id: number;
  version: number;
  status: LandingStatus;
  /** the whole page as saved (JSON of contract/landing.ts LandingPageSchema) */
  page: string;
  saved_by: string;
  saved_at: string;
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
  /** the travel promo-code lists (served at the original site's /api/product/fliggy/list) */
  travel_tabs: TravelTabTable;
  travel_items: TravelItemTable;
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
  wechat_sync_jobs: WechatSyncJobTable;
  wechat_media: WechatMediaTable;
  redirects: RedirectTable;
  import_jobs: ImportJobTable;
  import_items: ImportItemTable;
  landing_pages: LandingPageTable;
  landing_page_revisions: LandingPageRevisionTable;
}
