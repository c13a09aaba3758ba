/**
 * Rows of WooCommerce's own sample export (woocommerce/woocommerce sample-data/sample_products.csv
 * @ 3f371da7: its header verbatim, three of its rows with shortened descriptions, and one row
 * given HTML), with one image address per product pointed at the test's image server.
 */
const HEADER =
  'ID,Type,SKU,Name,Published,"Is featured?","Visibility in catalog","Short description",Description,"Date sale price starts","Date sale price ends","Tax status","Tax class","In stock?",Stock,"Backorders allowed?","Sold individually?","Weight (lbs)","Length (in)","Width (in)","Height (in)","Allow customer reviews?","Purchase note","Sale price","Regular price",Categories,Tags,"Shipping class",Images,"Download limit","Download expiry days",Parent,"Grouped products",Upsells,Cross-sells,"External URL","Button text",Position,"Attribute 1 name","Attribute 1 value(s)","Attribute 1 visible","Attribute 1 global","Attribute 2 name","Attribute 2 value(s)","Attribute 2 visible","Attribute 2 global","Meta: _wpcom_is_markdown","Download 1 name","Download 1 URL","Download 2 name","Download 2 URL"';

export function wooCommerceSample(imageBase: string): string {
  return [
    HEADER,
    `44,variable,woo-vneck-tee,"V-Neck T-Shirt",1,1,visible,"This is a variable product.","<p>Pellentesque habitant morbi tristique.</p><p>Vestibulum tortor quam.</p>",,,taxable,,1,,0,0,.5,24,1,2,1,,,,"Clothing > Tshirts",,,"${imageBase}/photo.jpg, ${imageBase}/second.jpg",,,,,,,,,0,Color,"Blue, Green, Red",1,1,Size,"Large, Medium, Small",1,1,1,,,,`,
    `46,simple,woo-hoodie-with-logo,"Hoodie with Logo",1,0,visible,"This is a simple product.","Pellentesque habitant morbi tristique senectus.",,,taxable,,1,,0,0,2,10,6,3,1,,,45,"Clothing > Hoodies","warm, cotton",,${imageBase}/photo.jpg,,,,,,,,,0,Color,Blue,1,1,,,,,1,,,,`,
    `76,variation,woo-vneck-tee-red,"V-Neck T-Shirt - Red",1,0,visible,,"Lorem ipsum dolor sit amet.",,,taxable,,1,,0,0,,,,,0,,,20,,,,${imageBase}/photo.jpg,,,woo-vneck-tee,,,,,,0,Color,Red,,1,Size,,,1,,,,,`,
    '',
  ].join('\n');
}
