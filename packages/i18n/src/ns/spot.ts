// The "spot" namespace in all 7 locales (files: locales/<lang>/spot.json).
import zh from '../../locales/zh/spot.json' with { type: 'json' };
import en from '../../locales/en/spot.json' with { type: 'json' };
import hk from '../../locales/hk/spot.json' with { type: 'json' };
import jp from '../../locales/jp/spot.json' with { type: 'json' };
import kor from '../../locales/kor/spot.json' with { type: 'json' };
import th from '../../locales/th/spot.json' with { type: 'json' };
import ind from '../../locales/ind/spot.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
