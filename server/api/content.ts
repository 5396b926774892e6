import { z } from "zod";
import { ARTICLES, articleTag } from "../../contract/cache-tags";
import { ArticleSchema, ArticleSummarySchema, ColumnSchema, TagSchema } from "../../contract/entities";
import { idParam, KeywordParam, optionalColumnId, Pagination } from "../../contract/params";
import { countResult, endpoint, resultOf } from "./endpoint";

const list = resultOf(z.array(ArticleSummarySchema));
const tag = "文章";

export const contentEndpoints = [
  endpoint({
    method: "get",
    path: "/api/product/content/count",
    tags: () => [ARTICLES],
    tag,
    summary: "Number of published articles, optionally of one column",
    query: optionalColumnId,
    response: countResult,
    handler: async (q, s) => ({ result: await s.content.count(q.columnId) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/list",
    tags: () => [ARTICLES],
    tag,
    summary: "Published articles, latest first, optionally of one column",
    query: Pagination.extend(optionalColumnId.shape),
    response: list,
    handler: async (q, s) => ({ result: await s.content.list(q) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/newsCount",
    tags: () => [ARTICLES],
    tag,
    summary: "Number of hot-news articles",
    query: z.object({}),
    response: countResult,
    handler: async (_q, s) => ({ result: await s.content.hotCount() }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/newsList",
    tags: () => [ARTICLES],
    tag,
    summary: "Hot-news articles (flagged hot), latest first",
    query: Pagination,
    response: list,
    handler: async (q, s) => ({ result: await s.content.hotList(q) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/detail",
    tags: (q) => [articleTag(q.contentId)],
    tag,
    summary: "One article with its sanitised HTML body",
    description: "data is the article itself. Unknown or unpublished ids answer 404.",
    query: z.object({ contentId: idParam("contentId") }),
    response: ArticleSchema,
    handler: async (q, s) => s.content.detail(q.contentId),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/getContentListByTagIdCount",
    tags: () => [ARTICLES],
    tag,
    summary: "Number of articles with a tag",
    query: z.object({ tagId: idParam("tagId") }),
    response: countResult,
    handler: async (q, s) => ({ result: await s.content.byTagCount(q.tagId) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/getContentListByTagId",
    tags: () => [ARTICLES],
    tag,
    summary: "Articles with a tag, latest first",
    query: Pagination.extend({ tagId: idParam("tagId") }),
    response: list,
    handler: async (q, s) => ({ result: await s.content.byTag(q) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/searchArticleByKeywordCount",
    tags: () => [ARTICLES],
    tag,
    summary: "Number of articles matching a keyword",
    description:
      "Any fragment of two or more characters found in a title, intro or body matches; one character matches titles. Spaces separate fragments that must all appear.",
    query: KeywordParam,
    response: countResult,
    handler: async (q, s) => ({ result: await s.content.searchCount(q.keyword) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/content/searchArticleByKeyword",
    tags: () => [ARTICLES],
    tag,
    summary: "Articles matching a keyword, best first",
    description:
      "Ranked: the keyword as a whole word in the title, then as a fragment of the title, then as a word in the text, then anywhere; newest first within each.",
    query: Pagination.extend(KeywordParam.shape),
    response: list,
    handler: async (q, s) => ({ result: await s.content.search(q) }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/column/list",
    tags: () => ["columns"],
    tag: "栏目",
    summary: "All columns in menu order",
    query: z.object({}),
    response: resultOf(z.array(ColumnSchema)),
    handler: async (_q, s) => ({ result: await s.content.columns() }),
  }),
  endpoint({
    method: "get",
    path: "/api/product/tag/detail",
    // whether the tag names a published article (else 404) changes with the articles
    tags: () => ["tags", ARTICLES],
    tag: "栏目",
    summary: "One tag",
    query: z.object({ tagId: idParam("tagId") }),
    response: TagSchema,
    handler: async (q, s) => s.content.tag(q.tagId),
  }),
];
