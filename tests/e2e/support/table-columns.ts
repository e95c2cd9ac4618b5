/**
 * The spec's columns of each table screen, by header name: at 1280x800 and 1024x768 each is a
 * column of its own (issue 27); at 768x1024 at least those a user scans by (`scanned`).
 */
export const TABLE_COLUMNS = {
  orders: {
    all: ['Order Date', 'Order Total', 'Raised By User', 'Customer', 'State'],
    scanned: ['Order Date', 'Order Total', 'Customer', 'State'],
  },
  orderLines: {
    all: ['#', 'Product Code', 'Description', 'Quantity', 'UOM', 'Price (excl)', 'Tax', 'Line Total (excl)', 'Comments'],
    scanned: ['Product Code', 'Description', 'Quantity', 'Line Total (excl)'],
  },
  asnLines: {
    all: ['#', 'Product Code', 'Description', 'Left to ship', 'Quantity', 'UOM', 'Remove'],
    scanned: ['Product Code', 'Description', 'Quantity'],
  },
  buyerCatalogue: {
    all: ['Included', 'Code', 'Description', 'Flag Code', 'Purchasing Unit', 'Our Price(excl)', 'Supplier Price(excl)', 'Last Exported'],
    scanned: ['Included', 'Code', 'Description'],
  },
  invoices: {
    all: ['Actions', 'Status', 'Title', 'Number', 'PO Number', 'From', 'Total Value', 'Created'],
    scanned: ['Title', 'Number', 'Total Value'],
  },
} as const;

/** The headers a screen of this width must show: every column from a landscape tablet up. */
export const columnsAt = (width: number, table: keyof typeof TABLE_COLUMNS): readonly string[] =>
  width >= 1000 ? TABLE_COLUMNS[table].all : TABLE_COLUMNS[table].scanned;
