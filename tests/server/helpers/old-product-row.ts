/**
 * A product row's own columns as a database written before the wire columns held it
 * (migrations 0016 and 0017 fill those for such rows): what the migration tests insert.
 */
export const OLD_PRODUCT_COLUMNS = {
  seller_key: 'SUPOLD', product_code: 'OLD-1', description: 'Old glove', long_description: null, other_name: null,
  unit_of_measure: 'EA', flag_code: 'A', taxable: 'Y', lead_time: 3, warrenty_period: null, unavailable_from_date: null,
  unavailable_to_date: null, chemical_classifications: null, chem_management_platform_id: null, cas_numbers: null,
  dangerous_goods_flag: 0, hazardous_material_flag: null, radio_active_flag: 1, weight: 12, weight_unit: 'g', width: null,
  width_unit: null, height: null, height_unit: null, depth: null, depth_unit: null, length: null, length_unit: null,
  message: null, comments: 'Keep dry', barcodes: '[{"uom":"EA","code":"9300000000001","type":"EAN13"}]', urls: '[]',
  assets: '[]', catalog_code: null, class_code: null, category_code: null, group_code: null, category_descriptions: null,
};
