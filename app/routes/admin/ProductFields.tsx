import { Form, Input, InputNumber, Switch } from "antd";
import { ProductFormSchema } from "../../../contract/admin";
import { zodRule } from "./api";

const rules = (field: string) => zodRule(ProductFormSchema, field);

/** Name, price and the agreement switch: the fields of a new product and of a product's own page. */
export function ProductFields({ priceExtra }: { priceExtra?: string }) {
  return (
    <>
      <Form.Item label="产品名称" name="name" required rules={rules("name")}>
        <Input />
      </Form.Item>
      <Form.Item label="价格（元）" name="price" required rules={rules("price")} extra={priceExtra}>
        <InputNumber min={0} precision={2} style={{ width: 200 }} suffix="元" />
      </Form.Item>
      <Form.Item label="需要勾选协议" name="requiresAgreement" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
