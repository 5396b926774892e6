// WeChat's JS-SDK as a module of its own, loaded by the islands (news.ts) inside WeChat only.
export { default } from "weixin-js-sdk";
