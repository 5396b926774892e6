import type { Kysely } from "kysely";
import { columnTypes, type Dialect } from "../dialect";

/**
 * The site's first tables (docs/product.md §3); later migrations add and rename others. Written
 * once for both engines, with the column types of `columnTypes` (server/db/dialect.ts).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const { time, bool, no, withId } = columnTypes(dialect);

  await db.schema
    .createTable("columns")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "varchar(50)", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("articles")
    .$call(withId)
    .addColumn("column_id", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("thumb", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("author", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("hot", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("published"))
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("updated_at", time, (c) => c.notNull())
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("search_key", "bigint", (c) => c.unique())
    .execute();
  await db.schema
    .createIndex("articles_status_created")
    .on("articles")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("articles_column_created")
    .on("articles")
    .columns(["column_id", "status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("articles_hot_created")
    .on("articles")
    .columns(["hot", "status", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("tags")
    .$call(withId)
    .addColumn("name", "varchar(50)", (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable("article_tags")
    .addColumn("article_id", "integer", (c) => c.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("article_tags_pk", ["article_id", "tag_id"])
    .execute();
  await db.schema
    .createIndex("article_tags_tag")
    .on("article_tags")
    .columns(["tag_id", "article_id"])
    .execute();

  await db.schema
    .createTable("banners")
    .$call(withId)
    .addColumn("column_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("link", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("click_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("banners_column").on("banners").columns(["column_id", "sort_order"]).execute();

  await db.schema
    .createTable("partners")
    .$call(withId)
    .addColumn("name", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("thumb", "varchar(500)", (c) => c.notNull())
    .addColumn("link", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("activities")
    .$call(withId)
    .addColumn("column_id", "integer", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("link", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("thumb", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("start_time", time, (c) => c.notNull())
    .addColumn("address", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo(""))
    .addColumn("guests", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("activities_column_start")
    .on("activities")
    .columns(["column_id", "start_time", "id"])
    .execute();

  await db.schema
    .createTable("cooperation_contacts")
    .$call(withId)
    .addColumn("title", "varchar(50)", (c) => c.notNull())
    .addColumn("contact_name", "varchar(50)", (c) => c.notNull())
    .addColumn("phone", "varchar(50)", (c) => c.notNull())
    .addColumn("email", "varchar(100)", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("fliggy_tabs")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("list_key", "varchar(20)", (c) => c.notNull())
    .addColumn("name", "varchar(50)", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("fliggy_items")
    .$call(withId)
    .addColumn("tab_id", "integer", (c) => c.notNull().references("fliggy_tabs.id").onDelete("cascade"))
    .addColumn("serial_num", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pic_url", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("location", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("price_fen", "integer", (c) => c.notNull())
    .addColumn("password", "varchar(50)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("fliggy_items_tab")
    .on("fliggy_items")
    .columns(["tab_id", "serial_num"])
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("price_fen", "integer", (c) => c.notNull())
    .addColumn("contract_html", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("requires_agreement", bool, (c) => c.notNull())
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("questions")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("cascade"))
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("show_title", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("field", "varchar(50)", (c) => c.notNull())
    .addColumn("type", "varchar(20)", (c) => c.notNull())
    .addColumn("required", bool, (c) => c.notNull())
    .addColumn("hidden", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("questions_product")
    .on("questions")
    .columns(["product_id", "sort_order"])
    .execute();

  await db.schema
    .createTable("question_options")
    .$call(withId)
    .addColumn("question_id", "integer", (c) => c.notNull().references("questions.id").onDelete("cascade"))
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("has_input", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("question_options_question")
    .on("question_options")
    .columns(["question_id", "sort_order"])
    .execute();

  await db.schema
    .createTable("signup_orders")
    .$call(withId)
    .addColumn("order_no", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("shop_id", "varchar(100)")
    .addColumn("shop_name", "varchar(200)")
    .addColumn("profession", "varchar(20)", (c) => c.notNull())
    .addColumn("sign_way", "varchar(20)", (c) => c.notNull())
    .addColumn("company_name", "varchar(200)")
    .addColumn("signer", "varchar(200)", (c) => c.notNull())
    .addColumn("contact", "varchar(20)", (c) => c.notNull())
    .addColumn("id_card_enc", "text")
    .addColumn("id_card_masked", "varchar(30)")
    .addColumn("payer", "varchar(200)", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_price_fen", "integer", (c) => c.notNull())
    .addColumn("total_fen", "bigint", (c) => c.notNull())
    .addColumn("answers_json", "text", (c) => c.notNull())
    .addColumn("status", "varchar(20)", (c) => c.notNull())
    .addColumn("idempotency_key", "varchar(100)", (c) => c.unique())
    .addColumn("trade_no", "varchar(100)")
    .addColumn("created_at", time, (c) => c.notNull())
    .addColumn("paid_at", time)
    .execute();
  await db.schema.createIndex("signup_orders_created").on("signup_orders").columns(["created_at"]).execute();

  await db.schema
    .createTable("mcn_leads")
    .$call(withId)
    .addColumn("form", "varchar(20)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull())
    .addColumn("brand", "varchar(100)")
    .addColumn("role", "varchar(100)")
    .addColumn("channel_nickname", "varchar(100)")
    .addColumn("channel_link", "varchar(500)")
    .addColumn("id_copy_pic", "varchar(500)")
    .addColumn("source_page", "varchar(500)")
    .addColumn("user_agent", "varchar(500)")
    .addColumn("ip_hash", "varchar(64)")
    .addColumn("status", "varchar(20)", (c) => c.notNull().defaultTo("new"))
    .addColumn("created_at", time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mcn_leads_form_phone")
    .on("mcn_leads")
    .columns(["form", "phone", "created_at"])
    .execute();
}
