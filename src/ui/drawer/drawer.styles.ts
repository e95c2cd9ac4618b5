import styled, { css } from 'styled-components';
import { DRAWER_WIDTHS } from '../../domain/constants';
import { media } from '../theme/theme';

export const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.drawer};
  background: ${({ theme }) => theme.color.overlay};
`;

const sides = {
  right: css`
    top: 0;
    right: 0;
    height: 100%;
    width: ${DRAWER_WIDTHS.small};

    ${media.medium} {
      width: ${DRAWER_WIDTHS.medium};
    }

    ${media.large} {
      width: ${DRAWER_WIDTHS.large};
    }
  `,
  bottom: css`
    left: 0;
    bottom: 0;
    width: 100%;
    max-height: 85vh;
    border-radius: ${({ theme }) => `${theme.radius.large} ${theme.radius.large} 0 0`};
  `,
};

export const Panel = styled.div<{ $side: 'right' | 'bottom' }>`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
  ${({ $side }) => sides[$side]}

  &:focus {
    outline: none;
  }
`;

export const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 12px 12px 12px 24px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

export const Title = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;

export const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: 24px;
`;
