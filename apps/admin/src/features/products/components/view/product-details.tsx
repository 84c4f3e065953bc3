import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Product } from '@shopdesk/contract';
import type { ReactNode } from 'react';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 2, py: 1, alignItems: 'center' }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function Tags({ items }: { items: string[] }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {items.map((item) => (
        <Chip key={item} label={item} size="small" variant="outlined" />
      ))}
    </Box>
  );
}

/** Name, brand, category, option tags (each only when set), review count, published date. */
export function ProductDetails({ product, reviewCount }: { product: Product; reviewCount: number }) {
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: 22, fontWeight: 700, mb: 1 }}>
        {product.name}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label="Brand">{product.brand}</Row>
        <Row label="Category">{product.category?.name ?? product.catName}</Row>
        {product.productRam.length > 0 && (
          <Row label="RAM">
            <Tags items={product.productRam} />
          </Row>
        )}
        {product.size.length > 0 && (
          <Row label="SIZE">
            <Tags items={product.size} />
          </Row>
        )}
        {product.productWeight.length > 0 && (
          <Row label="Weight">
            <Tags items={product.productWeight} />
          </Row>
        )}
        <Row label="Review">{`(${reviewCount}) Review`}</Row>
        <Row label="Published">{formatDate(product.dateCreated)}</Row>
      </Box>
    </Box>
  );
}
