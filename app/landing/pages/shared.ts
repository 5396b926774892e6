export { pic, SLOGAN_TITLE } from "../../../contract/site";
